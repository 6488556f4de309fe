import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { Prisma, type Proposal } from "@/lib/generated/prisma/client";
import { activeMemberSql, callerMembership, isActiveMembership, isCompanyMember } from "../access";
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

/** What a write's `load` needs of a proposal: its company, status and attachments. */
export type ProposalHead = { companyId: number; status: Proposal["status"]; attachments: Proposal["attachments"] };

const notYours = () => new AppError("unauthorized", "You may not edit this proposal: you are not a member of its company");

/**
 * What a write's `load` needs of a proposal (its company, status and attachments) and whether the
 * caller is an active member of its company, in one statement. Unknown -> 404; another company's
 * -> 401 (proposals-service.md, "editing a proposal the user may not edit gives 401").
 */
export async function getProposalHeadOrThrow({ tx, caller, uuid }: { tx: Tx; caller: Caller; uuid: string }): Promise<ProposalHead> {
  const row = await tx.proposal.findUnique({
    where: { id: uuid },
    select: { companyId: true, status: true, attachments: true, company: { select: { members: callerMembership(caller) } } },
    relationLoadStrategy: "join",
  });
  if (!row) throw notFound("Proposal");
  if (!isActiveMembership(row.company.members[0])) throw notYours();
  return { companyId: row.companyId, status: row.status, attachments: row.attachments };
}

/**
 * getProposalHeadOrThrow's read as SQL for the API-key lookup's statement (`readWithKey`): the
 * head and the membership as JSON text, NULL for an unknown proposal. The membership is the rule's
 * own SQL form (../access.ts); test/integration/proposal-head-read.test.ts holds the two paths equal.
 */
export function proposalHeadFor(uuid: string, userId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT json_build_object('companyId', p.company_id, 'status', p.status, 'attachments', p.attachments,
      'member', ${activeMemberSql(Prisma.raw("p.company_id"), userId)})
    FROM proposals p WHERE p.id = ${uuid}::uuid`;
}

/**
 * The proposal a write names, refused as getProposalHeadOrThrow refuses: from what the key lookup
 * read (`prefetched`, from `proposalHeadFor`), or else (a session, an agent tool) by reading it.
 */
export async function proposalHead(
  { db, caller, prefetched }: { db: Tx; caller: Caller; prefetched?: string | null },
  uuid: string,
): Promise<ProposalHead> {
  if (prefetched === undefined) return getProposalHeadOrThrow({ tx: db, caller, uuid });
  if (prefetched === null) throw notFound("Proposal");
  const { member, ...head } = JSON.parse(prefetched) as ProposalHead & { member: boolean };
  if (!member) throw notYours();
  return head;
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
