import { defineEndpoint } from "@/lib/api/endpoint";
import { write } from "@/lib/db/transaction";
import { createOwnCompany, listCompanies } from "./companies";
import { CompanyCreate, CompanyCreated, CompanyList } from "./schemas";

export const listCompaniesEndpoint = defineEndpoint({
  operationId: "list_companies",
  method: "GET",
  path: "/v3/companies",
  tag: "Companies",
  summary: "List the companies you are a member of",
  description: "Returns {data: your companies}. Each with its default currency, tax mode and discount decimals, which new proposals take.",
  response: CompanyList,
  status: 200,
  run: async ({ db, caller }) => ({ data: await listCompanies(db, caller) }),
});

export const createCompanyEndpoint = defineEndpoint({
  operationId: "create_company",
  method: "POST",
  path: "/v3/companies",
  tag: "Companies",
  summary: "Create a company",
  description:
    "Returns {data: the company}. Beyond the document (which has no way to make a company): a new company whose first member is you, so a new user can start " +
    "making proposals from the browser. Strict body: name, and optionally currency (ISO 4217, default EUR), tax_mode (default " +
    "standard) and discount_decimals (default 0).",
  body: CompanyCreate,
  response: CompanyCreated,
  status: 201,
  run: (ctx) => write(ctx, async (tx) => ({ data: await createOwnCompany(tx, ctx.caller, ctx.body) }), { target: (r) => r.data.id }),
});
