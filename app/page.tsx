import Link from "next/link";
import { AppHeader } from "@/components/app-header";
import { currentUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listWorkspacesForUser } from "@/lib/workspaces/list-workspaces";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await currentUser();
  if (!user) {
    return (
      <>
        <AppHeader user={null} />
        <main className="mx-auto max-w-3xl px-4 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight">Build courses people finish.</h1>
          <p className="mt-4 text-lg text-slate-600">
            Write lessons with text, diagrams, video and questions; publish when ready; let your team, your learners and
            your AI agents work on the same content.
          </p>
          <div className="mt-8 flex justify-center gap-3">
            <Link href="/sign-up" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
              Create an account
            </Link>
            <Link href="/sign-in" className="rounded-md px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-white">
              Sign in
            </Link>
          </div>
        </main>
      </>
    );
  }
  const workspaces = await listWorkspacesForUser(await getDb(), user.id);
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-semibold">Welcome, {user.name}</h1>
        <section aria-labelledby="workspaces" className="mt-6">
          <h2 id="workspaces" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Your workspaces
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {workspaces.map((w) => (
              <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <p className="font-medium">{w.name}</p>
                <p className="mt-1 text-sm text-slate-500">
                  {w.kind === "personal" ? "Personal" : "Team"} · {w.role}
                </p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </>
  );
}
