import Link from "next/link";
import { LearnHome } from "@/components/learn/learn-home";
import { MyCertificates } from "@/components/learn/my-certificates";
import { Providers } from "@/components/providers";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { listWorkspacesForUser } from "@/lib/workspaces/list-workspaces";

export const metadata = { title: "Your courses" };

/**
 * The courses the user takes. `?workspace=` narrows them to one of the user's workspaces: where a
 * learner lands after accepting an invitation (lib/invitations/targets.ts). Any other value shows
 * them all.
 */
export default async function LearnPage({ searchParams }: { searchParams: Promise<{ workspace?: string | string[] }> }) {
  const { workspace: asked } = await searchParams;
  const workspace =
    typeof asked === "string"
      ? (await listWorkspacesForUser(await getDb(), (await requireUser()).id)).find((w) => w.id === asked)
      : undefined;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{workspace ? `Courses in ${workspace.name}` : "Your courses"}</h1>
        {workspace ? (
          <Link href="/learn" className="text-sm text-brand-700 hover:underline">
            All your courses
          </Link>
        ) : null}
      </div>
      <Providers>
        <LearnHome workspace={workspace ? { id: workspace.id, name: workspace.name } : undefined} />
        <MyCertificates />
      </Providers>
    </div>
  );
}
