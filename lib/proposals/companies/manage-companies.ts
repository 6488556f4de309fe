import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/api/errors";
import type { TaxMode } from "@/lib/generated/prisma/enums";

export type NewCompany = {
  name: string;
  ownerUserId: string;
  currency?: string;
  taxMode?: TaxMode;
  discountDecimals?: 0 | 1 | 2;
};

export async function createCompany(db: Tx, input: NewCompany) {
  const name = input.name.trim();
  if (!name || name.length > 200) throw new AppError("validation_error", "A company name has 1 to 200 characters");
  const currency = (input.currency ?? "EUR").toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new AppError("validation_error", "currency must be a three-letter ISO 4217 code");
  return db.company.create({
    data: {
      name,
      currency,
      taxMode: input.taxMode ?? "standard",
      discountDecimals: input.discountDecimals ?? 0,
      members: { create: { userId: input.ownerUserId } },
    },
  });
}

export async function addCompanyMember(db: Tx, input: { companyId: number; userId: string }) {
  const company = await db.company.findUnique({ where: { id: input.companyId } });
  if (!company) throw new AppError("not_found", "Company not found");
  await db.companyMember.upsert({
    where: { companyId_userId: { companyId: input.companyId, userId: input.userId } },
    create: { companyId: input.companyId, userId: input.userId },
    update: { disabled: false },
  });
}

export async function createRfp(db: Tx, input: { companyId: number; title?: string }) {
  const company = await db.company.findUnique({ where: { id: input.companyId } });
  if (!company) throw new AppError("not_found", "Company not found");
  return db.rfp.create({ data: { companyId: input.companyId, title: input.title?.trim() ?? "" } });
}
