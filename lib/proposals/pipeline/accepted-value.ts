/**
 * A proposal's value as it was accepted, kept in proposals.accepted_value_minor when either side
 * accepts it (the customer's page and the staff's POST .../accept), in the same transaction: the
 * pipeline then adds up won value without reading every won proposal's blocks, which was over half
 * of its time across 50,000 proposals (issue 42, bench/README.md). The same SQL expression as the
 * pipeline's live value (../values/proposal-values-sql.ts, held equal to the read model's), with
 * the company's tax mode of that moment; proposals accepted before the column existed have none,
 * and the pipeline computes theirs.
 */
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { currencyFractionDigits } from "../values/proposal-values";
import { valueWithoutTaxMinorSql } from "../values/proposal-values-sql";

export async function keepAcceptedValue(tx: Tx, proposal: { id: string; currency: string }) {
  const value = valueWithoutTaxMinorSql({
    blocks: Prisma.sql`p.blocks`,
    taxOptions: Prisma.sql`p.tax_options`,
    companyTaxMode: Prisma.sql`c.tax_mode::text`,
    fractionDigits: currencyFractionDigits(proposal.currency),
  });
  await tx.$executeRaw`
    UPDATE proposals p SET accepted_value_minor = ${value}
    FROM companies c WHERE p.id = ${proposal.id}::uuid AND c.id = p.company_id`;
}
