import Link from "next/link";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { managesEnrolments } from "@/lib/enrolments/learners";
import { AccountMenu } from "./account/account-menu";
import { VerifyEmailBanner } from "./account/verify-email-banner";
import { MainNav, type NavSection } from "./main-nav";

export async function AppHeader({ user }: { user: SessionUser | null }) {
  // Proposals for everyone: someone in no company is led there to create one (docs/decisions/032, amending 012).
  // Seats for learning managers: those whose verified address manages an enrolment (issue 43).
  const sections: NavSection[] = ["learn", "author", "proposals"];
  if (user && (await managesEnrolments(await getDb(), user.id))) sections.push("seats");
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
      {user ? <VerifyEmailBanner user={user} /> : null}
    </header>
  );
}
