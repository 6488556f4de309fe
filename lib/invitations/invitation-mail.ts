import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { companyInvitationMail } from "@/lib/mail/templates/company-invitation";
import { courseInvitationMail } from "@/lib/mail/templates/enrolment";
import { workspaceInvitationMail } from "@/lib/mail/templates/workspace-invitation";
import type { InvitationTarget } from "./targets";

/**
 * The outbox key of the mail that carried an invitation's current link: each sending has a new
 * token, so the key is unique per sending, and the invitation finds its latest mail's delivery
 * through it (./list-invitations.ts).
 */
export const invitationMailKey = (tokenHash: string) => `invitation:${tokenHash}`;

/** Writes the invitation's mail to the outbox in the caller's transaction: sent if the invitation commits. */
export async function enqueueInvitationMail(
  tx: Tx,
  input: { target: InvitationTarget; inviter: Caller; email: string; role: string; token: string; tokenHash: string; expiresAt: Date },
) {
  const { target, inviter } = input;
  const facts = {
    to: input.email,
    inviterName: inviter.name,
    inviterEmail: inviter.email,
    url: appLink(`/invite/${input.token}`),
    expiresAt: input.expiresAt,
  };
  const content =
    target.kind === "workspace"
      ? workspaceInvitationMail({ ...facts, workspaceName: target.name, role: input.role as "admin" | "author" | "learner" })
      : target.kind === "company"
        ? companyInvitationMail({ ...facts, companyName: target.name, role: input.role as "owner" | "member" })
        : courseInvitationMail({ ...facts, courseTitle: target.name, providerName: target.providerName });
  await enqueueMail(tx, {
    kind: target.kind === "workspace" ? "workspace_invitation" : target.kind === "company" ? "company_invitation" : "course_invitation",
    to: input.email,
    content,
    senderName: inviter.name,
    // A reply reaches the person who invited (an address the outbox refuses is left out rather than failing the invitation).
    ...(isMailAddress(inviter.email) ? { replyTo: inviter.email } : {}),
    dedupeKey: invitationMailKey(input.tokenHash),
  });
}
