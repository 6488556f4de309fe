import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { lockProposal, readProposal } from "./get-proposal";
import { contentColumns } from "./proposal-columns";
import { editorUrl, statusOf } from "./read-model";
import { assertTransition, TRANSITIONS, type Transition } from "./status-rules";

/*
 * The status changes. Which change may leave which status, and what a refusal says, is the table
 * TRANSITIONS in ./status-rules.ts, beside the other status rules the editor also reads.
 */

/**
 * POST /v3/proposals/{uuid}/send: draft -> active. The series' earlier active proposal (expired
 * or not) becomes replaced: a series has one live version. A recipient is not required
 * (contract.md): without one the proposal is a link for the sender to share.
 */
export async function sendProposal(tx: Tx, uuid: string, expiresAt: number | undefined) {
  const row = await lockProposal(tx, uuid);
  assertTransition("send", statusOf(row));
  const now = new Date();
  if (expiresAt !== undefined && expiresAt * 1000 <= now.getTime()) {
    throw validationError([{ path: "expires_at", message: "The expiry date must be in the future" }]);
  }
  await tx.proposal.updateMany({
    where: { seriesId: row.seriesId, status: "active", id: { not: uuid } },
    data: { status: "replaced", statusChangedAt: now },
  });
  await tx.proposal.update({
    where: { id: uuid },
    data: { status: "active", statusChangedAt: now, sentAt: now, expiresAt: expiresAt === undefined ? null : new Date(expiresAt * 1000) },
  });
  return { data: await readProposal(tx, uuid) };
}

/** accept, reject, withdraw: one status change each, from the statuses TRANSITIONS allows. */
export async function changeStatus(tx: Tx, uuid: string, action: Exclude<Transition, "send">) {
  const row = await lockProposal(tx, uuid);
  assertTransition(action, statusOf(row));
  await tx.proposal.update({ where: { id: uuid }, data: { status: TRANSITIONS[action].to, statusChangedAt: new Date() } });
  return { data: await readProposal(tx, uuid) };
}

/** archive / unarchive: sets or clears archived_at, whatever the status. */
export async function setArchived(tx: Tx, uuid: string, archived: boolean) {
  const row = await lockProposal(tx, uuid);
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
