import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import { parseInput } from "@/lib/api/run-endpoint";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Company as CompanyRow } from "@/lib/generated/prisma/client";
import { activeMemberWhere } from "../access";
import { NewCompany, type CompanyCreateInput, type CompanyDto, type NewCompanyInput } from "./schemas";

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

/** The companies a user is an active (not disabled) member of. */
const memberOf = (userId: string) => ({ members: { some: activeMemberWhere(userId) } });

/** The companies the caller is an active (not disabled) member of, oldest first. */
export async function listCompanies(tx: Tx, caller: Caller): Promise<CompanyDto[]> {
  const rows = await tx.company.findMany({
    where: memberOf(caller.userId),
    orderBy: { id: "asc" },
  });
  return rows.map(toCompanyDto);
}

/** A company with its first member (the admin command line and the demo make them; the API lists them). */
export async function createCompany(tx: Tx, input: NewCompanyInput) {
  const company = parseInput(NewCompany, input);
  return tx.company.create({
    data: {
      name: company.name,
      currency: company.currency,
      taxMode: company.taxMode,
      discountDecimals: company.discountDecimals,
      members: { create: { userId: company.ownerUserId, role: "owner" } },
    },
  });
}

/** POST /v3/companies: a company of the caller's own, who becomes its first member. */
export async function createOwnCompany(tx: Tx, caller: Caller, body: CompanyCreateInput): Promise<CompanyDto> {
  const row = await createCompany(tx, {
    name: body.name,
    ownerUserId: caller.userId,
    currency: body.currency,
    taxMode: body.tax_mode,
    discountDecimals: body.discount_decimals,
  });
  return toCompanyDto(row);
}

/** Adds a member (by default a member, not an owner), or enables one who was disabled. */
export async function addCompanyMember(tx: Tx, input: { companyId: number; userId: string; role?: "owner" | "member" }) {
  const company = await tx.company.findUnique({ where: { id: input.companyId } });
  if (!company) throw notFound("Company");
  await tx.companyMember.upsert({
    where: { companyId_userId: { companyId: input.companyId, userId: input.userId } },
    create: { companyId: input.companyId, userId: input.userId, role: input.role ?? "member" },
    update: { disabled: false, ...(input.role ? { role: input.role } : {}) },
  });
}
