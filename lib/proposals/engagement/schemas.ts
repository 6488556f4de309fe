import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { DEVICES, MAX_BLOCKS_PER_REPORT, MAX_SECONDS_PER_BLOCK } from "./engagement-rules";

/**
 * What the customer's page reports of a view (POST /api/public/proposals/{uuid}/engagement) and what
 * the staff read of it (GET /v3/proposals/{uuid}/engagement): issue 42, docs/decisions/064.
 */

/** A block's uuid as a report names it: hex digits and dashes, at most 64 characters (anything else is not a block's). */
const BlockUuid = z.string().regex(/^[0-9a-fA-F-]{1,64}$/, "Expected a block's uuid: hex digits and dashes, at most 64 characters");

export const EngagementReport = z
  .strictObject({
    view_id: z.uuid().describe("A UUID the page makes for each view; a later report of the same view replaces its figures"),
    device: z.enum(DEVICES).optional().describe("desktop or phone; absent: read from the User-Agent (a mobile browser is a phone)"),
    blocks: z
      .array(
        z.strictObject({
          block_uuid: BlockUuid.describe("A block of this proposal; one of another proposal is ignored"),
          seconds: z
            .number()
            .min(0, "Seconds cannot be negative")
            .describe(
              `How long the block has been on screen in this view so far; more than ${MAX_SECONDS_PER_BLOCK} counts as ${MAX_SECONDS_PER_BLOCK}`,
            ),
        }),
      )
      .max(MAX_BLOCKS_PER_REPORT, `At most ${MAX_BLOCKS_PER_REPORT} blocks per report`)
      .describe("The view's totals so far, per block"),
  })
  .meta({ id: "PublicProposalEngagement" });
export type EngagementReport = z.infer<typeof EngagementReport>;

export const EngagementAccepted = z.object({ data: z.object({ accepted: z.literal(true) }) });
export type EngagementAccepted = z.infer<typeof EngagementAccepted>;

export const EngagementQuery = z.object({
  format: z.enum(["json", "csv"]).optional().describe("csv: one row per block, as text/csv (also with Accept: text/csv)"),
});

const Points = (max: number) => z.number().int().min(0).max(max);

export const ProposalEngagement = z.object({
  views: z
    .array(
      z.object({
        view_id: z.uuid(),
        at: UnixTime.describe("When the view began"),
        seconds: z.number().int().min(0).describe("Its blocks' seconds on screen, added up"),
        device: z.enum(DEVICES),
      }),
    )
    .describe("Newest first (the latest 500)"),
  blocks: z
    .array(z.object({ block_uuid: z.string(), title: z.string(), seconds: z.number().int().min(0) }))
    .describe("In the proposal's order, each with its seconds on screen summed over every view (0: never seen)"),
  total_seconds: z.number().int().min(0).describe("The blocks' seconds added up"),
  score: Points(100).describe("reading_time + blocks_seen + return_visits: 0 to 100"),
  score_formula: z.string().describe("How the score is made, in words"),
  score_parts: z.object({
    reading_time: z.object({
      points: Points(50),
      seconds: z.number().int().min(0),
      target_seconds: z.number().int().min(1).describe("20 s per block, at least 60"),
    }),
    blocks_seen: z.object({
      points: Points(30),
      seen: z.number().int().min(0).describe("Blocks on screen 5 s or more, summed over views"),
      blocks: z.number().int().min(0),
    }),
    return_visits: z.object({ points: Points(20), visits: z.number().int().min(0).describe("Views after the first") }),
  }),
  choices_changed: z
    .array(
      z.object({
        at: UnixTime,
        summary: z.string().describe('The changes in words: "Inverter: left out; Panels: quantity 2 → 3"'),
        changes: z
          .array(z.record(z.string(), z.unknown()))
          .describe("[{uuid, title, selected?: {from, to}, quantity?: {from, to}}], as the audit trail's choices_changed event"),
      }),
    )
    .describe("The customer's changes to optional items and quantities, newest first"),
});
export type ProposalEngagement = z.infer<typeof ProposalEngagement>;

export const ProposalEngagementData = z.object({ data: ProposalEngagement });
