import type { Tx } from "@/lib/db/client";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { proposalNotificationMail, type ProposalEvent } from "@/lib/mail/templates/proposal-notification";
import { optedOut } from "@/lib/notifications/settings";
import { unsubscribeLink } from "@/lib/notifications/unsubscribe-token";
import { activeMemberWhere } from "../access";
import { editorUrl, toProposalDto, type ProposalRow } from "../proposals/read-model";

/**
 * Once per proposal, person and event, whatever retries or races happen (the outbox's unique key).
 * An event that can happen more than once to a proposal (a change request) names its `occurrence`.
 */
export const notificationKey = (proposalId: string, event: ProposalEvent["kind"], userId: string, occurrence?: string) =>
  `proposal:${proposalId}:${event.replace("proposal_", "")}${occurrence === undefined ? "" : `:${occurrence}`}:${userId}`;

/**
 * Tells the proposal's creator and contact person what happened to it (its customer first opened
 * it, accepted, declined or asked for changes; it expired unanswered: docs/decisions/033, 037), in
 * the transaction that records it. One mail per person
 * (the creator who is also the contact person gets one), at most once per person and event, only
 * to active members of the proposal's company (someone who has left is not told about its
 * customers) whose address is verified, and not to those who turned that kind of mail off. Each carries a link to the editor
 * and a one-click unsubscribe link for its kind.
 */
export async function notifyStaff(
  tx: Tx,
  row: ProposalRow,
  event: ProposalEvent,
  { occurrence }: { occurrence?: string } = {},
): Promise<void> {
  const roles = new Map<string, ("creator" | "contact")[]>([[row.creatorUserId, ["creator"]]]);
  if (row.contactUserId) roles.set(row.contactUserId, [...(roles.get(row.contactUserId) ?? []), "contact"]);
  const ids = [...roles.keys()];
  const members = await tx.companyMember.findMany({
    where: { companyId: row.companyId, OR: ids.map((id) => activeMemberWhere(id)) },
    select: { user: { select: { id: true, email: true, emailVerifiedAt: true } } },
  });
  const off = await optedOut(tx, ids, event.kind);
  const dto = toProposalDto(row);
  for (const { user } of members) {
    // An address nobody has proved is theirs gets nothing: whoever signed up with it chose the
    // proposal's title and the customer's name (decision 031). One that cannot be mailed must not
    // cost the customer their answer.
    if (off.has(user.id) || !user.emailVerifiedAt || !isMailAddress(user.email)) continue;
    await enqueueMail(tx, {
      kind: event.kind,
      to: user.email,
      dedupeKey: notificationKey(row.id, event.kind, user.id, occurrence),
      content: proposalNotificationMail({
        event,
        title: dto.title,
        version: row.version,
        companyName: row.company.name,
        customerName: dto.recipient_name,
        to: user.email,
        roles: roles.get(user.id) ?? [],
        editorUrl: appLink(editorUrl(row.id)),
        unsubscribeUrl: unsubscribeLink(user.id, event.kind),
      }),
    });
  }
}
