import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { homePathFor } from "@/lib/workspaces/home-path";

export const dynamic = "force-dynamic";

/**
 * Where sign-in goes when no page asked for it: Learn for someone who only takes courses, the
 * authoring home for everyone else (lib/workspaces/home-path.ts). "/" itself stays the authoring
 * home, so the header's Author link leads there for everyone.
 */
export default async function StartPage() {
  const user = await requireUser();
  redirect(await homePathFor(await getDb(), user.id));
}
