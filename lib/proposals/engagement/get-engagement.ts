import type { CsvTable } from "@/lib/api/csv";
import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ChoiceChange } from "../proposals/block-choices";
import type { StoredBlock } from "../proposals/blocks";
import type { Device } from "./engagement-rules";
import { engagementScore, SCORE_FORMULA } from "./engagement-score";
import type { ProposalEngagement } from "./schemas";

/**
 * GET /v3/proposals/{uuid}/engagement: what the customer's page reported (./record-engagement.ts),
 * for the proposal's staff (issue 42, docs/decisions/064): the views, the seconds each block was
 * on screen, the score, and the choices the customer changed (the audit trail's choices_changed).
 */

/** The newest views listed, and choice changes: the sums and the score count every view. */
export const ENGAGEMENT_LIST_LIMIT = 500;

type Row = { id: string; blocks: Prisma.JsonValue };

export async function getProposalEngagement(tx: Tx, proposal: Row): Promise<ProposalEngagement> {
  const [views, viewCount, sums, choices] = await Promise.all([
    tx.proposalViewEngagement.findMany({
      where: { proposalId: proposal.id },
      orderBy: [{ createdAt: "desc" }, { viewId: "asc" }],
      take: ENGAGEMENT_LIST_LIMIT,
      select: { viewId: true, createdAt: true, totalSeconds: true, device: true },
    }),
    tx.proposalViewEngagement.count({ where: { proposalId: proposal.id } }),
    tx.$queryRaw<{ block: string; seconds: number }[]>`
      SELECT b.key AS block, SUM(b.value::numeric)::float8 AS seconds
      FROM proposal_view_engagement e, jsonb_each(e.blocks) b
      WHERE e.proposal_id = ${proposal.id}::uuid
      GROUP BY b.key`,
    tx.proposalEvent.findMany({
      where: { proposalId: proposal.id, type: "choices_changed" },
      orderBy: { id: "desc" },
      take: ENGAGEMENT_LIST_LIMIT,
      select: { createdAt: true, detail: true },
    }),
  ]);
  const byBlock = new Map(sums.map((s) => [s.block, Math.round(Number(s.seconds))]));
  const blocks = (proposal.blocks as StoredBlock[]).map((block) => ({
    block_uuid: block.uuid,
    title: block.title,
    seconds: byBlock.get(block.uuid.toLowerCase()) ?? 0,
  }));
  const { score, parts } = engagementScore({ blockSeconds: blocks.map((b) => b.seconds), views: viewCount });
  return {
    views: views.map((view) => ({
      view_id: view.viewId,
      at: toUnix(view.createdAt),
      seconds: view.totalSeconds,
      device: view.device as Device,
    })),
    blocks,
    total_seconds: parts.reading_time.seconds,
    score,
    score_formula: SCORE_FORMULA,
    score_parts: parts,
    choices_changed: choices.map((event) => {
      const changes = ((event.detail as { blocks?: unknown } | null)?.blocks ?? []) as ChoiceChange[];
      return { at: toUnix(event.createdAt), summary: describeChanges(changes), changes };
    }),
  };
}

/** A choices_changed event's changes in words: "Inverter: left out; Panels: quantity 2 → 3". */
export function describeChanges(changes: ChoiceChange[]): string {
  return changes
    .map((change) => {
      const what = [
        change.selected ? (change.selected.to ? "included" : "left out") : null,
        change.quantity ? `quantity ${change.quantity.from} → ${change.quantity.to}` : null,
      ].filter(Boolean);
      return `${change.title || "Item"}: ${what.join(", ")}`;
    })
    .join("; ");
}

/** The CSV answer: one row per block, in the proposal's order. */
export function engagementCsv({ data }: { data: ProposalEngagement }, uuid: string): CsvTable {
  return {
    filename: `proposal-${uuid}-engagement.csv`,
    header: ["position", "block_uuid", "title", "seconds"],
    rows: data.blocks.map((block, index) => [index + 1, block.block_uuid, block.title, block.seconds]),
  };
}
