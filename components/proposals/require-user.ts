import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The signed-in user, or a redirect to sign-in that comes back to `path` with its query. Pages
 * call it (a layout does not know the url it renders for).
 */
export async function requireUser(path: string, searchParams: SearchParams = {}) {
  const user = await currentUser();
  if (user) return user;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  }
  const next = query.size ? `${path}?${query}` : path;
  redirect(`/sign-in?next=${encodeURIComponent(next)}`);
}
