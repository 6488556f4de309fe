import type { Tx } from "@/lib/db/client";

/**
 * Whether the newest verification mail to this address was given up on: refused for good or out
 * of attempts (lib/mail/worker.ts). The banner then says so (docs/decisions/040): whoever signed
 * in with the address is the one it concerns, and for a mistyped address "Resend" would otherwise
 * go on mailing nowhere without a word.
 */
export async function hasUndeliveredVerification(tx: Tx, email: string): Promise<boolean> {
  const newest = await tx.outboxMail.findFirst({
    where: { toAddress: email.trim().toLowerCase(), kind: "email_verification" },
    orderBy: { createdAt: "desc" },
    select: { status: true },
  });
  return newest?.status === "failed";
}
