import { insertUser } from "@/lib/accounts/create-user";
import { EMAIL_AS_PASSWORD, isPasswordLikeEmail } from "@/lib/accounts/password-policy";
import { AppError, forbidden, notFound, validationError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import type { Db, Tx } from "@/lib/db/client";
import type { Invitation } from "@/lib/generated/prisma/client";
import { formatUtc } from "@/lib/mail/templates/invitation-parts";
import { invitationStatus } from "./list-invitations";
import { joinTarget, targetOf, targetPath, type InvitationTarget } from "./targets";
import { hashInvitationToken } from "./token";

export type AcceptedInvitation = { invitationId: string; email: string; role: string; target: InvitationTarget; path: string };

type Row = Invitation & { invitedBy: { name: string } };

async function findByToken(tx: Tx | Db, token: string): Promise<Row> {
  const row = await tx.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { invitedBy: { select: { name: true } } },
  });
  if (!row) throw notFound("Invitation");
  return row;
}

/** Why the invitation's link cannot be used any more (400 `conflict`, the reason in `details.reason`), or nothing. */
function assertUsable(row: Row) {
  const status = invitationStatus(row);
  if (status === "pending") return;
  const message = {
    accepted: "This invitation has been accepted already.",
    revoked: `This invitation was withdrawn. Ask ${row.invitedBy.name} for a new one if you still need it.`,
    expired: `This invitation expired on ${formatUtc(row.expiresAt)}. Ask ${row.invitedBy.name} to send it again.`,
  }[status];
  throw new AppError("conflict", message, { reason: status });
}

/**
 * Accepts an invitation for the signed-in user, whose email must be the invited one (403
 * otherwise, naming both). The user becomes a member with the invitation's role, the invitation
 * is marked accepted, and the address counts as verified: the link reached it. Of two accepts at
 * once, one claims the invitation and the other finds it accepted. `path` is where the member
 * goes next, by the role they now have (./targets.ts `targetPath`).
 */
export async function acceptInvitation(tx: Tx, token: string, user: { id: string; email: string }): Promise<AcceptedInvitation> {
  const row = await findByToken(tx, token);
  assertUsable(row);
  const email = user.email.toLowerCase();
  if (row.email !== email) {
    throw forbidden(
      `This invitation is for ${row.email}; you are signed in as ${email}. Sign out, then sign in or sign up as ${row.email}.`,
    );
  }
  const now = new Date();
  // The claim is one conditional update: a second accept waits for the first's row lock, then matches nothing.
  const claimed = await tx.invitation.updateMany({
    where: { id: row.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedById: user.id },
  });
  if (claimed.count === 0) {
    // Accepted, withdrawn or expired since it was read: say which.
    assertUsable(await findByToken(tx, token));
    throw new AppError("conflict", "This invitation cannot be used any more.", { reason: "accepted" });
  }
  const target = await targetOf(tx, row);
  const role = await joinTarget(tx, target, user.id, row.role);
  await tx.user.updateMany({ where: { id: user.id, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
  return { invitationId: row.id, email: row.email, role: row.role, target, path: targetPath(target, role) };
}

/**
 * Signs up from an invitation: an account with the invited address (verified: the link reached
 * it), the name and password given, and the invitation accepted, in one transaction. An address
 * that has an account already must sign in instead (400 `conflict`).
 */
export async function acceptInvitationWithSignUp(
  db: Db,
  token: string,
  input: { name: string; password: string },
): Promise<AcceptedInvitation> {
  const row = await findByToken(db, token);
  assertUsable(row);
  if (isPasswordLikeEmail(input.password, row.email)) throw validationError([{ path: "password", message: EMAIL_AS_PASSWORD }]);
  const accountExists = () =>
    new AppError("conflict", `An account with ${row.email} exists already: sign in with it to accept the invitation.`, {
      reason: "account_exists",
    });
  if (await db.user.findUnique({ where: { email: row.email }, select: { id: true } })) throw accountExists();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const { user } = await insertUser(tx, { email: row.email, name: input.name, passwordHash }, { verified: true });
      return acceptInvitation(tx, token, user);
    });
  } catch (error) {
    // Two sign-ups with the address at once: the unique index decides.
    if ((error as { code?: string }).code === "P2002") throw accountExists();
    throw error;
  }
}
