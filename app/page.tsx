import Link from "next/link";
import { Suspense } from "react";
import { AppHeader } from "@/components/app-header";
import { Providers } from "@/components/providers";
import { WorkspaceHome } from "@/components/workspaces/workspace-home";
import { currentUser } from "@/lib/auth/session";

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
            Write lessons with text, diagrams, video and questions; publish when ready; let your team, your learners and your AI agents work
            on the same content.
          </p>
          <div className="mt-8 flex justify-center gap-3">
            <Link href="/sign-up" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
              Create an account
            </Link>
            <Link href="/sign-in" className="rounded-md px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-white">
              Sign in
            </Link>
          </div>
          <p className="mt-10 text-sm text-slate-500">
            Accepted a proposal sent with Coursewright?{" "}
            <Link href="/verify" className="text-brand-700 underline">
              Verify an acceptance record
            </Link>
          </p>
        </main>
      </>
    );
  }
  return (
    <Providers>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <p className="mb-4 text-sm text-slate-500">Welcome, {user.name}</p>
        <Suspense>
          <WorkspaceHome />
        </Suspense>
      </main>
    </Providers>
  );
}
