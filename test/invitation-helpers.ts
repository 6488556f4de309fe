/**
 * Helpers of the invitation tests (test/integration/invitations.test.ts, company-members.test.ts):
 * the link an invitation's mail carries, read from the outbox, and what a refused request must
 * leave unchanged.
 */
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";

let n = 0;
/** An address no account uses. */
export const freshEmail = (name = "invitee") => `${name}-${++n}-${Date.now().toString(36)}@example.test`;

/** The token of the newest invitation mail to `to` (the outbox keeps the mail as sent, link and all). */
export async function tokenMailedTo(to: string): Promise<string> {
  const db = await getDb();
  const mail = await db.outboxMail.findFirst({
    where: { toAddress: to, kind: { endsWith: "_invitation" } },
    orderBy: { createdAt: "desc" },
  });
  expect(mail, `an invitation mail to ${to}`).toBeTruthy();
  const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail!.link ?? "")?.[1];
  expect(token, `the link of the mail to ${to}: ${mail!.link}`).toBeTruthy();
  return token!;
}

export async function mailsTo(to: string) {
  const db = await getDb();
  return db.outboxMail.findMany({ where: { toAddress: to }, orderBy: { createdAt: "asc" } });
}

/** Invitations, outbox mails, memberships and users: what a refused request writes none of. */
export async function peopleCounts() {
  const db = await getDb();
  const [invitations, mails, memberships, companyMembers, users] = await Promise.all([
    db.invitation.count(),
    db.outboxMail.count(),
    db.membership.count(),
    db.companyMember.count(),
    db.user.count(),
  ]);
  return { invitations, mails, memberships, companyMembers, users };
}

/** Moves an invitation's expiry into the past. */
export async function expireInvitation(id: string) {
  const db = await getDb();
  await db.invitation.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
}
