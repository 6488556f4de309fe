import type { Db } from "@/lib/db/client";
import { invitationStatus } from "./list-invitations";
import type { InvitationStatus } from "./schemas";
import { targetOf, targetPath, type InvitationTarget } from "./targets";
import { hashInvitationToken, InvitationToken } from "./token";

/** What the invitation page (/invite/{token}) shows: whoever holds the link may read it. */
export type InvitationView = {
  email: string;
  role: string;
  status: InvitationStatus;
  target: InvitationTarget;
  path: string;
  invitedByName: string;
  expiresAt: Date;
  /** Whether an account uses the invited address: the page offers sign-in, else sign-up. */
  hasAccount: boolean;
  acceptedById: string | null;
};

/** The invitation a link's token opens, or null for a token that opens none. */
export async function getInvitationByToken(db: Db, token: string): Promise<InvitationView | null> {
  if (!InvitationToken.safeParse(token).success) return null;
  const row = await db.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { invitedBy: { select: { name: true } } },
  });
  if (!row) return null;
  const target = await targetOf(db, row);
  const account = await db.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    email: row.email,
    role: row.role,
    status: invitationStatus(row),
    target,
    path: targetPath(target, row.role),
    invitedByName: row.invitedBy.name,
    expiresAt: row.expiresAt,
    hasAccount: Boolean(account),
    acceptedById: row.acceptedById,
  };
}
