import { defineEndpoint } from "@/lib/api/endpoint";
import { listRfps } from "./rfps";
import { ListRfpsQuery, RfpList } from "./schemas";

export const listRfpsEndpoint = defineEndpoint({
  operationId: "list_rfps",
  method: "GET",
  path: "/v3/rfps",
  tag: "RFPs",
  summary: "List requests for proposal",
  description:
    "Returns {data: RFPs}. Your companies' RFPs, newest first (one company's with company_id). A proposal made for one names it in " +
    "tracking.created_from_rfp. Beyond the document: the interface grows.",
  query: ListRfpsQuery,
  response: RfpList,
  status: 200,
  // A company_id the caller is not a member of.
  errors: ["not_found"],
  run: async ({ db, caller, query }) => ({ data: await listRfps(db, caller, query) }),
});
