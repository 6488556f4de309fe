import { defineEndpoint } from "@/lib/api/endpoint";
import { listCompanies } from "./companies";
import { CompanyList } from "./schemas";

export const listCompaniesEndpoint = defineEndpoint({
  operationId: "list_companies",
  method: "GET",
  path: "/v3/companies",
  tag: "Companies",
  summary: "List the companies you are a member of",
  description: "Each with its default currency, tax mode and discount decimals, which new proposals take.",
  response: CompanyList,
  status: 200,
  run: async ({ db, caller }) => ({ data: await listCompanies(db, caller) }),
});
