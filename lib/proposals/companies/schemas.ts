import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";

export const Company = z
  .object({
    id: z.number().int(),
    created_at: UnixTime,
    name: z.string(),
    currency: z.string().describe("Default currency, ISO 4217"),
    tax_mode: z.enum(["standard", "simplified", "none"]),
    discount_decimals: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .describe("Decimals of the discount badge; new blank proposals take this value"),
    registration_number: z.string(),
    website_url: z.string(),
    logo_url: z.string().nullable(),
    inbox_token: z.string().nullable().describe("For inbox-scoped integrations"),
  })
  .meta({ id: "Company" });
export type CompanyDto = z.infer<typeof Company>;

export const CompanyList = z.object({ data: z.array(Company) });
export const CompanyCreated = z.object({ data: Company });

/** POST /v3/companies (beyond the document): a company made by a signed-in user, who becomes its first member. */
export const CompanyCreate = z
  .strictObject({
    name: z.string().trim().min(1, "A company name has 1 to 200 characters").max(200, "A company name has 1 to 200 characters"),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "currency must be a three-letter ISO 4217 code")
      .optional()
      .describe("ISO 4217, default EUR"),
    tax_mode: z.enum(["standard", "simplified", "none"]).optional().describe("Default standard"),
    discount_decimals: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .describe("Default 0"),
  })
  .meta({ id: "CompanyCreate" });
export type CompanyCreateInput = z.infer<typeof CompanyCreate>;

/** A new company, as the admin command line and the demo seed make one. */
export const NewCompany = z.object({
  name: z.string().trim().min(1, "A company name has 1 to 200 characters").max(200, "A company name has 1 to 200 characters"),
  ownerUserId: z.uuid(),
  currency: z
    .string()
    .default("EUR")
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, "currency must be a three-letter ISO 4217 code")),
  taxMode: z.enum(["standard", "simplified", "none"]).default("standard"),
  discountDecimals: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
});
export type NewCompanyInput = z.input<typeof NewCompany>;
