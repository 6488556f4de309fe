import { z } from "zod";
import { UnixMoment } from "@/lib/api/date-range";
import { UnixTime } from "@/lib/api/schemas";
import { dataOf, Language } from "../common-schemas";

/** How the pipeline's series is cut: ISO weeks (Monday 00:00 UTC) or calendar months (UTC). */
export const PipelineInterval = z.enum(["week", "month"]);
export type PipelineInterval = z.infer<typeof PipelineInterval>;

export const PipelineQuery = z.object({
  from: UnixMoment.optional().describe("Start of the range, UNIX seconds (inclusive); default: 365 days before `to`"),
  to: UnixMoment.optional().describe("End of the range, UNIX seconds (exclusive); default: now"),
  interval: PipelineInterval.default("month").describe("week: ISO weeks from Monday 00:00 UTC; month (default): calendar months, UTC"),
  user_id: z.uuid().optional().describe("Only proposals this member of the company created"),
  language: Language.optional().describe("Only proposals in this language (two letters)"),
  format: z.enum(["json", "csv"]).optional().describe("csv: the series as a table, one row per period (as Accept: text/csv)"),
});
export type PipelineQuery = z.infer<typeof PipelineQuery>;

const Count = z.number().int().nonnegative();
const Money = z.number().describe("In the company's currency, major units (12.5 is 12.50)");

export const PipelinePeriod = z
  .object({
    period_start: UnixTime.describe("Start of the week or month (UTC); the first may start before `from`"),
    sent: Count.describe("Proposals sent in the period"),
    viewed: Count.describe("Proposals the recipient first opened in the period"),
    accepted: Count.describe("Proposals accepted in the period"),
    rejected: Count.describe("Proposals rejected in the period"),
    expired: Count.describe("Proposals that expired unanswered in the period"),
    accepted_value_without_tax: Money.describe("The value without tax of the proposals accepted in the period, in the company's currency"),
  })
  .meta({ id: "PipelinePeriod" });
export type PipelinePeriodDto = z.infer<typeof PipelinePeriod>;

export const Pipeline = z
  .object({
    range: z.object({ from: UnixTime, to: UnixTime }).describe("The range counted: from inclusive, to exclusive"),
    interval: PipelineInterval,
    currency: z.string().describe("The company's currency (ISO 4217): money figures count only proposals in it"),
    series: z.array(PipelinePeriod).describe("Every period of the range, oldest first, empty ones with zeros"),
    win_rate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe("accepted / (accepted + rejected + expired) in the range; null when none was answered or expired"),
    median_days_to_answer: z
      .number()
      .nonnegative()
      .nullable()
      .describe("Median days from sending to accepting or rejecting, of those answered in the range (2 decimals); null when none"),
    open_value_expiring_14_days: Money.describe("The value without tax of the active proposals that expire within the next 14 days"),
  })
  .meta({ id: "Pipeline" });
export type PipelineDto = z.infer<typeof Pipeline>;

export const PipelineResult = dataOf(Pipeline);
