import { defineEndpoint } from "@/lib/api/endpoint";
import { getCompanyRoleOrThrow } from "../access";
import { CompanyParams } from "../members/schemas";
import { getPipeline } from "./get-pipeline";
import { PipelineQuery, PipelineResult } from "./schemas";

const tag = "Pipeline";

export const getPipelineEndpoint = defineEndpoint({
  operationId: "get_company_pipeline",
  method: "GET",
  path: "/v3/companies/{companyId}/pipeline",
  tag,
  summary: "Read a company's sales pipeline",
  description:
    "Returns {data: {range, interval, currency, series, win_rate, median_days_to_answer, open_value_expiring_14_days}}: per week or " +
    "month of the range (from inclusive, to exclusive; default the last 365 days) how many proposals were sent, first viewed, accepted, " +
    "rejected and expired, and the value without tax accepted; the win rate and median days to an answer over the range; and the value " +
    "of active proposals expiring in the next 14 days. Each series counts once, as its newest sent version; templates and test " +
    "proposals never count, and money counts only proposals in the company's currency. Filter by user_id (the creator) and language. " +
    "Any member reads it; ?format=csv (or Accept: text/csv) answers the series as CSV, one row per period.",
  params: CompanyParams,
  load: ({ db, caller, params }) => getCompanyRoleOrThrow({ tx: db, caller, companyId: params.companyId }),
  query: PipelineQuery,
  response: PipelineResult,
  status: 200,
  run: async ({ db, loaded, query }) => ({ data: await getPipeline(db, loaded.company, query) }),
  csv: ({ data }, { params }) => ({
    filename: `pipeline-company-${params.companyId}-${data.interval}.csv`,
    header: [
      "period_start",
      "period_start_date",
      "sent",
      "viewed",
      "accepted",
      "rejected",
      "expired",
      "accepted_value_without_tax",
      "currency",
    ],
    rows: data.series.map((p) => [
      p.period_start,
      new Date(p.period_start * 1000).toISOString().slice(0, 10),
      p.sent,
      p.viewed,
      p.accepted,
      p.rejected,
      p.expired,
      p.accepted_value_without_tax,
      data.currency,
    ]),
  }),
});
