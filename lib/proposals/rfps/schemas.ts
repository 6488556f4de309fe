import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { dataOf, QueryId } from "@/lib/proposals/common-schemas";

export const Rfp = z
  .object({
    id: z.number().int().describe("Use as tracking.created_from_rfp when creating a proposal"),
    company_id: z.number().int(),
    title: z.string(),
    created_at: UnixTime,
  })
  .meta({ id: "Rfp" });
export type RfpDto = z.infer<typeof Rfp>;

export const RfpList = dataOf(z.array(Rfp));

export const ListRfpsQuery = z.object({
  company_id: QueryId.optional().describe("One of your companies; all of them when left out"),
});
export type ListRfpsInput = z.infer<typeof ListRfpsQuery>;
