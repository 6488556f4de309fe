import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { findProposalRow, toProposalDto, type ProposalRow } from "../proposals/read-model";
import type { PublicProposal } from "./schemas";
import { diffVersions, type VersionDiff } from "./version-diff";

/** The summary of what changed, and when the customer last looked at the version it starts from. */
export type ChangesSinceViewed = VersionDiff & { viewed_at: number };

/**
 * What changed since the version of this series the customer last viewed (the newest earlier
 * version with a recipient view), or null: no earlier version was viewed, the proposal is itself
 * replaced (its page leads to the current one instead), or the earlier version went to someone
 * else. Like the replaced page's link (./public-proposal.ts `currentVersionUuid`), only versions
 * sent to the same known recipient are compared: a version of another recipient must never show
 * through this one's link, and a link shared without a recipient may be read by anyone.
 */
export async function changesSinceViewed(
  tx: Tx,
  row: Pick<ProposalRow, "seriesId" | "version" | "recipientId" | "status">,
  current: PublicProposal,
): Promise<ChangesSinceViewed | null> {
  if (row.recipientId === null || row.status === "replaced") return null;
  const earlier = await tx.proposal.findFirst({
    where: {
      seriesId: row.seriesId,
      version: { lt: row.version },
      recipientId: row.recipientId,
      recipientViewedAt: { not: null },
      status: { notIn: ["draft", "template"] },
    },
    orderBy: { version: "desc" },
    select: { id: true, recipientViewedAt: true },
  });
  if (!earlier?.recipientViewedAt) return null;
  const earlierRow = await findProposalRow(tx, earlier.id);
  if (!earlierRow) return null;
  return { ...diffVersions(toProposalDto(earlierRow), current), viewed_at: toUnix(earlier.recipientViewedAt) };
}
