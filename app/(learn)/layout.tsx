import type { ReactNode } from "react";
import { AppHeader } from "@/components/app-header";
import { requireUser } from "@/lib/auth/require-user";

export const dynamic = "force-dynamic";

export default async function LearnLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-4xl px-4 py-8">{children}</main>
    </>
  );
}
