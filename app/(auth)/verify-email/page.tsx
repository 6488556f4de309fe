import { redirect } from "next/navigation";
import { ResendVerificationButton } from "@/components/account/resend-verification-button";
import { ButtonLink, LinkRefused } from "@/components/auth/link-refused";
import { nextPathSchema } from "@/lib/accounts/schemas";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { currentUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";

export const metadata = { title: "Confirm your email address" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A path of this app only: anything else (another site, `//host`) goes to the start page. */
const safePath = (next: string | undefined) => (nextPathSchema.safeParse(next).success ? next! : null);

/**
 * The verification mail's link: verifies the address, then leads on to where the person was going
 * when they signed up: there if they are signed in, through sign-in otherwise.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const next = safePath(first(params.next));
  const outcome = await verifyEmail(await getDb(), first(params.token) ?? "");
  const user = await currentUser();
  if (outcome.result === "verified") {
    if (user) redirect(next ?? "/start");
    redirect(`/sign-in?verified=1${next ? `&next=${encodeURIComponent(next)}` : ""}`);
  }
  return (
    <LinkRefused reason={outcome.result}>
      {user ? (
        <>
          <p className="text-sm text-slate-700">Ask for a new link: it goes to {user.email}.</p>
          <ResendVerificationButton />
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">Sign in, then press &quot;Resend&quot; at the top of any page for a new link.</p>
          <ButtonLink href="/sign-in">Sign in</ButtonLink>
        </>
      )}
    </LinkRefused>
  );
}
