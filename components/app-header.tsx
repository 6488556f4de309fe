import Link from "next/link";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { hasCompanies } from "@/lib/proposals/companies/companies";
import { AccountMenu } from "./account/account-menu";
import { MainNav, type NavSection } from "./main-nav";

export async function AppHeader({ user }: { user: SessionUser | null }) {
  // Proposals is only for members of a company; the check is one count, done where the header renders.
  const showProposals = user ? await hasCompanies(await getDb(), user.id) : false;
  const sections: NavSection[] = showProposals ? ["learn", "author", "proposals"] : ["learn", "author"];
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
        <div className="flex min-w-0 items-center gap-3 sm:gap-6">
          <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
            <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-sm text-white">
              C
            </span>
            <span className="sr-only sm:not-sr-only">Coursewright</span>
          </Link>
          {user ? <MainNav sections={sections} /> : null}
        </div>
        {user ? (
          <AccountMenu name={user.name} email={user.email} />
        ) : (
          <nav className="flex gap-2 text-sm">
            <Link href="/sign-in" className="rounded-md px-3 py-1.5 hover:bg-slate-100">
              Sign in
            </Link>
            <Link href="/sign-up" className="rounded-md bg-brand-600 px-3 py-1.5 text-white hover:bg-brand-700">
              Sign up
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
