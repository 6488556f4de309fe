import { redirect } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { ProposalsNav } from "@/components/proposals/proposals-nav";
import { currentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function ProposalsLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  // Pages redirect with their own path and query first (requireUser); this is the fallback.
  if (!user) redirect("/sign-in?next=/proposals");
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <Suspense>
          <ProposalsNav />
        </Suspense>
        {children}
      </main>
    </>
  );
}
