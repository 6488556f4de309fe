import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { Providers } from "@/components/providers";
import { requireUser } from "@/lib/auth/require-user";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <Providers>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
    </Providers>
  );
}
