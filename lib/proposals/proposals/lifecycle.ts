import { AppError, validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { ProposalStatus } from "@/lib/generated/prisma/enums";
import { contentColumns, lockProposal, readProposal } from "./proposals";
import { editorUrl, statusOf } from "./read-model";

/**
 * The status changes contract.md lists; any other answers 409 NOT_EDITABLE. `from` is the status
 * as read (an active proposal past its expiry reads as expired and can only be withdrawn).
 */
const TRANSITIONS = {
  send: { from: ["draft"], to: "active" },
  accept: { from: ["active"], to: "accepted" },
  reject: { from: ["active"], to: "rejected" },
  withdraw: { from: ["active", "expired"], to: "withdrawn" },
} as const satisfies Record<string, { from: readonly string[]; to: ProposalStatus }>;

export type Transition = keyof typeof TRANSITIONS;

const DONE: Record<Transition, string> = { send: "sent", accept: "accepted", reject: "rejected", withdraw: "withdrawn" };

function refuse(action: Transition, status: string): never {
  throw new AppError("not_editable", `A proposal that is ${status} cannot be ${DONE[action]}`);
}

/**
 * POST /v3/proposals/{uuid}/send: draft -> active. The series' earlier active proposal (expired
 * or not) becomes replaced: a series has one live version. A recipient is not required
 * (contract.md): without one the proposal is a link for the sender to share.
 */
export async function sendProposal(tx: Tx, uuid: string, expiresAt: number | undefined) {
  const row = await lockProposal(tx, uuid);
  const status = statusOf(row);
  if (!(TRANSITIONS.send.from as readonly string[]).includes(status)) refuse("send", status);
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
  const status = statusOf(row);
  const transition = TRANSITIONS[action];
  if (!(transition.from as readonly string[]).includes(status)) refuse(action, status);
  await tx.proposal.update({ where: { id: uuid }, data: { status: transition.to, statusChangedAt: new Date() } });
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
