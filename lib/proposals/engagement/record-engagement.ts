import type { RequestClient } from "@/lib/api/endpoint";
import { AppError, notFound } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { StoredBlock } from "../proposals/blocks";
import { statusOf } from "../proposals/read-model";
import { statusWord } from "../proposals/status-labels";
import { deviceOf, isMeasured, MAX_SECONDS_PER_BLOCK } from "./engagement-rules";
import type { EngagementAccepted, EngagementReport } from "./schemas";

/**
 * POST /api/public/proposals/{uuid}/engagement: the customer's page reports how long each block of
 * the proposal has been on screen in one view (issue 42, docs/decisions/064). The page sends the
 * view's totals so far, again and again; the server keeps, per block, the largest figure any
 * report of the view gave, so a report lost or arriving late takes nothing away. Nothing about the
 * reader is stored: no address, no cookie, no User-Agent (it only says phone or desktop when the
 * page did not). A member's preview never reaches this (./member-preview.ts).
 */

/** What the report needs of the proposal: its status and its blocks' uuids. */
export type MeasuredProposal = { id: string; status: string; expiresAt: Date | null; blocks: Prisma.JsonValue };

/** The proposal a report names, or 404; its status is checked once the report is valid. */
export async function getMeasuredProposal(tx: Tx, uuid: string): Promise<MeasuredProposal> {
  const row = await tx.proposal.findUnique({ where: { id: uuid }, select: { id: true, status: true, expiresAt: true, blocks: true } });
  if (!row) throw notFound("Proposal");
  return row;
}

/** 400 unless the page is measured now: a draft, an answered, withdrawn or expired proposal takes no reports. */
function assertMeasured(row: MeasuredProposal) {
  const status = statusOf(row);
  if (isMeasured(status)) return;
  const message = `Only the page of a sent proposal awaiting its answer is measured: this proposal's status is ${statusWord(status)}`;
  throw new AppError("validation_error", message, { issues: [{ path: "", message }] });
}

/** The report's seconds per block of this proposal: others dropped, each clipped and rounded, a repeated block's largest kept. */
export function blockSeconds(row: Pick<MeasuredProposal, "blocks">, report: EngagementReport["blocks"]): Record<string, number> {
  const known = new Set((row.blocks as StoredBlock[]).map((block) => block.uuid.toLowerCase()));
  const out: Record<string, number> = {};
  for (const { block_uuid, seconds } of report) {
    const uuid = block_uuid.toLowerCase();
    if (!known.has(uuid)) continue;
    out[uuid] = Math.max(out[uuid] ?? 0, Math.round(Math.min(seconds, MAX_SECONDS_PER_BLOCK)));
  }
  return out;
}

/**
 * The view's row, in one statement: a new view is inserted; a known one takes, per block, the larger
 * of its stored and reported seconds (the two objects merged key by key with GREATEST), and its total
 * is added up again from the merged blocks. The row's conflict lock orders two reports of one view.
 */
function upsertView(db: Db, proposalId: string, viewId: string, device: string, blocks: Record<string, number>) {
  const total = Object.values(blocks).reduce((sum, s) => sum + s, 0);
  const merged = Prisma.sql`SELECT COALESCE(o.key, n.key) AS block, GREATEST(o.value::numeric, n.value::numeric) AS seconds
    FROM jsonb_each(e.blocks) o FULL JOIN jsonb_each(EXCLUDED.blocks) n ON n.key = o.key`;
  return db.$executeRaw`
    INSERT INTO proposal_view_engagement AS e (proposal_id, view_id, device, blocks, total_seconds)
    VALUES (${proposalId}::uuid, ${viewId}::uuid, ${device}, ${JSON.stringify(blocks)}::jsonb, ${total})
    ON CONFLICT (proposal_id, view_id) DO UPDATE SET
      blocks = (SELECT COALESCE(jsonb_object_agg(m.block, m.seconds), '{}'::jsonb) FROM (${merged}) m),
      total_seconds = (SELECT COALESCE(SUM(m.seconds), 0)::int FROM (${merged}) m),
      updated_at = now()`;
}

export async function recordEngagement(
  db: Db,
  row: MeasuredProposal,
  report: EngagementReport,
  client: RequestClient | undefined,
): Promise<EngagementAccepted> {
  assertMeasured(row);
  const device = report.device ?? deviceOf(client?.userAgent ?? "");
  await upsertView(db, row.id, report.view_id, device, blockSeconds(row, report.blocks));
  return { data: { accepted: true } };
}
