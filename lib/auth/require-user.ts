import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { currentUser, type SessionUser } from "./session";

/**
 * Where a signed-out visitor goes to sign in: /sign-in with `next` set to the page they asked for,
 * path and query. `requested` is the request's path as proxy.ts saw it; the router's own `_rsc`
 * parameter is dropped, and home needs no `next`.
 */
export function signInPath(requested: string | null | undefined): string {
  if (!requested?.startsWith("/") || requested.startsWith("//")) return "/sign-in";
  const [path, query = ""] = requested.split(/\?(.*)/s, 2);
  // The query as it was written (no re-encoding), less the router's own parameter.
  const kept = query.split("&").filter((part) => part !== "" && part.split("=")[0] !== "_rsc");
  const next = kept.length ? `${path}?${kept.join("&")}` : path;
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}

/** Sends the visitor to sign-in, to come back to the page this request is for. */
export async function redirectToSignIn(): Promise<never> {
  redirect(signInPath((await headers()).get("x-request-path")));
}

/**
 * The signed-in user of a server-rendered page or layout, or a redirect to sign-in that returns to
 * this page. The one way protected pages ask for a user.
 */
export async function requireUser(): Promise<SessionUser> {
  return (await currentUser()) ?? redirectToSignIn();
}
