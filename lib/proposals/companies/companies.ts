import type { Caller } from "@/lib/api/authenticate";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Company as CompanyRow } from "@/lib/generated/prisma/client";
import type { CompanyDto } from "./schemas";

export function toCompanyDto(row: CompanyRow): CompanyDto {
  return {
    id: row.id,
    created_at: toUnix(row.createdAt),
    name: row.name,
    currency: row.currency,
    // The company's own mode; `tax-free` exists only as a proposal's tax option.
    tax_mode: row.taxMode as CompanyDto["tax_mode"],
    discount_decimals: row.discountDecimals as CompanyDto["discount_decimals"],
    registration_number: row.registrationNumber,
    website_url: row.websiteUrl,
    logo_url: row.logoUrl,
    inbox_token: row.inboxToken,
  };
}

/** The companies the caller is an active (not disabled) member of, oldest first. */
export async function listCompanies(tx: Tx, caller: Caller): Promise<CompanyDto[]> {
  const rows = await tx.company.findMany({
    where: { members: { some: { userId: caller.userId, disabled: false } } },
    orderBy: { id: "asc" },
  });
  return rows.map(toCompanyDto);
}
