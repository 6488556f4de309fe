import { Suspense, type ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { ProposalsNav } from "@/components/proposals/proposals-nav";
import { Providers } from "@/components/providers";
import { requireUser } from "@/lib/auth/require-user";

export const dynamic = "force-dynamic";

export default async function ProposalsLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <Providers>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <Suspense>
          <ProposalsNav />
        </Suspense>
        {children}
      </main>
    </Providers>
  );
}
