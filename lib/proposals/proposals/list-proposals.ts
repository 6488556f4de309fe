import type { z } from "zod";
import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getCompanyOrThrow, memberCompanyIds } from "../access";
import { proposalInclude, toProposalDto } from "./read-model";
import type { ProposalListQuery } from "./schemas";

/** GET /v3/proposals: the caller's companies' proposals, newest first. */
export async function listProposals(tx: Tx, caller: Caller, query: z.infer<typeof ProposalListQuery>) {
  const companies =
    query.company_id !== undefined
      ? [(await getCompanyOrThrow({ tx, caller, companyId: query.company_id })).id]
      : await memberCompanyIds(tx, caller);
  const now = new Date();
  const where: Prisma.ProposalWhereInput = { companyId: { in: companies } };
  if (!query.include_archived) where.archivedAt = null;
  if (query.series_uuid) where.seriesId = query.series_uuid;
  if (query.status === "expired") Object.assign(where, { status: "active", expiresAt: { lte: now } });
  else if (query.status === "active") Object.assign(where, { status: "active", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });
  else if (query.status) where.status = query.status;
  const q = query.q?.trim();
  if (q) {
    const contains = { contains: q, mode: "insensitive" as const };
    where.AND = [
      {
        OR: [
          { titleMd: contains },
          { recipient: { OR: [{ firstName: contains }, { lastName: contains }, { email: contains }, { companyName: contains }] } },
        ],
      },
    ];
  }
  const rows = await tx.proposal.findMany({ where, include: proposalInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { data: rows.map((row) => toProposalDto(row, now)) };
}
