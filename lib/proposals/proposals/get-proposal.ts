import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { Proposal } from "@/lib/generated/prisma/client";
import { callerMembership, isActiveMembership, isCompanyMember } from "../access";
import { findProposalRow, toProposalDto } from "./read-model";

/** A proposal the caller's companies own, read whole; unknown or another company's -> 404 (contract.md). */
export async function getProposalOrThrow({ tx, caller, uuid }: { tx: Tx; caller: Caller; uuid: string }) {
  const row = await findProposalRow(tx, uuid);
  if (!row || !(await isCompanyMember(tx, caller, row.companyId))) throw notFound("Proposal");
  return row;
}

/**
 * Whether the caller may open a proposal: it exists and one of their companies owns it, the rule of
 * getProposalOrThrow without reading the proposal whole. The editor's page asks before it renders,
 * so another company's proposal is the not-found page (404), as the API answers it.
 */
export async function isProposalVisible({ tx, caller, uuid }: { tx: Tx; caller: Caller; uuid: string }): Promise<boolean> {
  const row = await tx.proposal.findUnique({
    where: { id: uuid },
    select: { company: { select: { members: callerMembership(caller) } } },
    relationLoadStrategy: "join",
  });
  return isActiveMembership(row?.company.members[0]);
}

/**
 * What a write's `load` needs of a proposal (its company, status and attachments) and whether the
 * caller is an active member of its company, in one statement. Unknown -> 404; another company's
 * -> 401 (proposals-service.md, "editing a proposal the user may not edit gives 401").
 */
export async function getProposalHeadOrThrow({ tx, caller, uuid }: { tx: Tx; caller: Caller; uuid: string }) {
  const row = await tx.proposal.findUnique({
    where: { id: uuid },
    select: { companyId: true, status: true, attachments: true, company: { select: { members: callerMembership(caller) } } },
    relationLoadStrategy: "join",
  });
  if (!row) throw notFound("Proposal");
  if (!isActiveMembership(row.company.members[0])) {
    throw new AppError("unauthorized", "You may not edit this proposal: you are not a member of its company");
  }
  return { companyId: row.companyId, status: row.status, attachments: row.attachments };
}

/** Takes the proposal's row lock and reads it again: concurrent writes to one proposal queue up. */
export async function lockProposal(tx: Tx, uuid: string): Promise<Proposal> {
  await tx.$queryRaw`SELECT id FROM proposals WHERE id = ${uuid}::uuid FOR UPDATE`;
  return tx.proposal.findUniqueOrThrow({ where: { id: uuid } });
}

/** The proposal as the API answers it, read again after a write. */
export async function readProposal(tx: Tx, uuid: string) {
  const row = await findProposalRow(tx, uuid);
  if (!row) throw notFound("Proposal");
  return toProposalDto(row);
}
