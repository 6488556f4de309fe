import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Rfp as RfpRow } from "@/lib/generated/prisma/client";
import { getCompanyOrThrow, memberCompanyIds } from "@/lib/proposals/access";
import type { ListRfpsInput, RfpDto } from "./schemas";

export const toRfpDto = (row: RfpRow): RfpDto => ({
  id: row.id,
  company_id: row.companyId,
  title: row.title,
  created_at: toUnix(row.createdAt),
});

/** The requests for proposal of one of the caller's companies, or of all of them; newest first. */
export async function listRfps(tx: Tx, caller: Caller, query: ListRfpsInput): Promise<RfpDto[]> {
  const companyIds =
    query.company_id !== undefined
      ? [(await getCompanyOrThrow({ tx, caller, companyId: query.company_id })).id]
      : await memberCompanyIds(tx, caller);
  const rows = await tx.rfp.findMany({ where: { companyId: { in: companyIds } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toRfpDto);
}

/** A request for proposal a draft can be tracked to (tracking.created_from_rfp). */
export async function createRfp(tx: Tx, input: { companyId: number; title?: string }) {
  const company = await tx.company.findUnique({ where: { id: input.companyId } });
  if (!company) throw notFound("Company");
  return tx.rfp.create({ data: { companyId: input.companyId, title: input.title?.trim().slice(0, 500) ?? "" } });
}
