import { hasUndeliveredVerification } from "@/lib/accounts/verification-delivery";
import { isVerified } from "@/lib/accounts/verified";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { ResendVerificationButton } from "./resend-verification-button";

/**
 * Shown on every page of the app's sections until the signed-in user has confirmed their address
 * (docs/decisions/031): what is held back until then, and "Resend" for a new link. When the last
 * link could not be delivered, it says so (docs/decisions/040).
 */
export async function VerifyEmailBanner({ user }: { user: SessionUser }) {
  const db = await getDb();
  if (await isVerified(db, user.id)) return null;
  const isUndelivered = await hasUndeliveredVerification(db, user.email);
  return (
    <div role="region" aria-label="Confirm your email address" className="border-t border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-900">
        <p className="min-w-0 flex-1">
          {isUndelivered ? (
            <>
              Our mail to <strong className="break-all">{user.email}</strong> could not be delivered, so the address is not confirmed. If it
              is mistyped, sign up again with the right one; if it is right, press Resend.
            </>
          ) : (
            <>
              Confirm your email address: open the link we mailed to <strong className="break-all">{user.email}</strong>.
            </>
          )}{" "}
          Until then you cannot invite people or mail proposals.
        </p>
        <ResendVerificationButton compact />
      </div>
    </div>
  );
}
