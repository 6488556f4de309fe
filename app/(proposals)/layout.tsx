import { Suspense, type ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { ProposalsNav } from "@/components/proposals/proposals-nav";
import { SignInRedirect } from "@/components/proposals/sign-in-redirect";
import { currentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function ProposalsLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  // A layout cannot redirect with the page's url: pages do it on the server (requireUser), and this
  // covers any page that does not; nothing of the page is rendered meanwhile.
  if (!user) {
    return (
      <Suspense>
        <SignInRedirect />
      </Suspense>
    );
  }
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
