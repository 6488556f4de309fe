import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";

export const Company = z
  .object({
    id: z.number().int(),
    created_at: UnixTime,
    name: z.string(),
    currency: z.string().describe("Default currency, ISO 4217"),
    tax_mode: z.enum(["standard", "simplified", "none"]),
    discount_decimals: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe("Decimals of the discount badge; new blank proposals take this value"),
    registration_number: z.string(),
    website_url: z.string(),
    logo_url: z.string().nullable(),
    inbox_token: z.string().nullable().describe("For inbox-scoped integrations"),
  })
  .meta({ id: "Company" });
export type CompanyDto = z.infer<typeof Company>;

export const CompanyList = z.object({ data: z.array(Company) });
