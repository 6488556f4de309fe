import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { createEnrolments } from "@/lib/enrolments/enrolments";
import { assertApprovedForSending } from "../approvals/send-check";
import { recordProposalEvent, type ProposalActor } from "../events/record-event";
import { keepAcceptedValue } from "../pipeline/accepted-value";
import { lockProposal, readProposal } from "./get-proposal";
import { contentColumns } from "./proposal-columns";
import { editorUrl, statusOf } from "./read-model";
import { reminderAt } from "./reminder";
import { assertArchivable, assertTransition, TRANSITIONS, type Transition } from "./status-rules";

/*
 * The status changes. Which change may leave which status, and what a refusal says, is the table
 * STATUS_RULES with its TRANSITIONS in ./status-rules.ts: the same rules the customer's answer
 * (../public/respond-to-proposal.ts) and both screens read.
 */

/**
 * POST /v3/proposals/{uuid}/send: draft -> active. The series' earlier active proposal (expired
 * or not) becomes replaced: a series has one live version. A recipient is not required
 * (contract.md): without one the proposal is a link for the sender to share.
 *
 * `reminderDaysBefore`: mail the recipient that many days before the expiry if they have not
 * answered by then (the sweeper does it: lib/proposals/expiry, docs/decisions/037). It needs an
 * expiry, a recipient with an email, and a moment still ahead.
 */
export async function sendProposal(
  tx: Tx,
  uuid: string,
  expiresAt: number | undefined,
  actor: ProposalActor = { kind: "system" },
  { reminderDaysBefore }: { reminderDaysBefore?: number } = {},
) {
  const row = await lockProposal(tx, uuid);
  assertTransition("send", statusOf(row));
  // Above the company's approval rules only with an owner's approval of this version (docs/decisions/062).
  await assertApprovedForSending(tx, uuid);
  const now = new Date();
  if (expiresAt !== undefined && expiresAt * 1000 <= now.getTime()) {
    throw validationError([{ path: "expires_at", message: "The expiry date must be in the future" }]);
  }
  if (reminderDaysBefore !== undefined) await assertReminderPossible(tx, row, expiresAt, reminderDaysBefore, now);
  await tx.proposal.updateMany({
    where: { seriesId: row.seriesId, status: "active", id: { not: uuid } },
    data: { status: "replaced", statusChangedAt: now },
  });
  await tx.proposal.update({
    where: { id: uuid },
    data: {
      status: "active",
      statusChangedAt: now,
      sentAt: now,
      expiresAt: expiresAt === undefined ? null : new Date(expiresAt * 1000),
      reminderDaysBefore: reminderDaysBefore ?? null,
      reminderSentAt: null,
      expiredNotifiedAt: null,
    },
  });
  const data = await readProposal(tx, uuid);
  await recordProposalEvent(tx, row, {
    type: "sent",
    actor,
    detail: {
      to: data.recipient_email || null,
      recipient_name: data.recipient_name || null,
      expires_at: data.expires_at,
      ...(reminderDaysBefore !== undefined ? { reminder_days_before: reminderDaysBefore } : {}),
    },
    proposal: data,
  });
  return { data };
}

/** A reminder is mailed to the recipient before the expiry: both must exist, and the moment must lie ahead. */
async function assertReminderPossible(tx: Tx, row: { recipientId: number | null }, expiresAt: number | undefined, days: number, now: Date) {
  const issue = (message: string) => validationError([{ path: "reminder_days_before", message }]);
  if (expiresAt === undefined) throw issue("A reminder is sent before the expiry: set expires_at too");
  const recipient =
    row.recipientId === null ? null : await tx.contact.findUnique({ where: { id: row.recipientId }, select: { email: true } });
  if (!recipient?.email.trim()) throw issue("A reminder is mailed to the recipient: this proposal's recipient has no email address");
  if (reminderAt(new Date(expiresAt * 1000), days) <= now) {
    throw issue(`${days} days before the expiry has already passed: choose fewer days or a later expiry date`);
  }
}

/** accept, reject, withdraw: one status change each, from the statuses TRANSITIONS allows. */
export async function changeStatus(tx: Tx, uuid: string, action: Exclude<Transition, "send">, actor: ProposalActor = { kind: "system" }) {
  const row = await lockProposal(tx, uuid);
  assertTransition(action, statusOf(row));
  await tx.proposal.update({ where: { id: uuid }, data: { status: TRANSITIONS[action].to, statusChangedAt: new Date() } });
  if (action === "accept") await keepAcceptedValue(tx, row);
  const data = await readProposal(tx, uuid);
  await recordProposalEvent(tx, row, { type: TRANSITIONS[action].to, actor, proposal: data });
  if (action === "accept") await createEnrolments(tx, uuid);
  return { data };
}

/** archive / unarchive: sets or clears archived_at, in any status the rule `archive` allows (all of them). */
export async function setArchived(tx: Tx, uuid: string, archived: boolean) {
  const row = await lockProposal(tx, uuid);
  assertArchivable(statusOf(row), archived);
  if (archived !== (row.archivedAt !== null)) {
    await tx.proposal.update({ where: { id: uuid }, data: { archivedAt: archived ? new Date() : null } });
  }
  return { data: await readProposal(tx, uuid) };
}

/** POST /v3/proposals/{uuid}/template: a new template (its own series) copied from the proposal. */
export async function saveAsTemplate(tx: Tx, uuid: string, creatorUserId: string) {
  const row = await lockProposal(tx, uuid);
  const series = await tx.proposalSeries.create({ data: { companyId: row.companyId } });
  const template = await tx.proposal.create({
    data: {
      seriesId: series.id,
      companyId: row.companyId,
      version: 1,
      status: "template",
      ...contentColumns(row),
      creatorUserId,
    },
  });
  return { proposal: { uuid: template.id, url: editorUrl(template.id) } };
}
