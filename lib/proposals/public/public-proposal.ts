import { isNewView, limitAddress } from "@/lib/api/address-limits";
import type { Caller } from "@/lib/api/authenticate";
import { notFound } from "@/lib/api/errors";
import type { Db, Tx } from "@/lib/db/client";
import { isCompanyMember } from "../access";
import { listProposalEvents } from "../events/list-events";
import { recipientActor, recordProposalEvent } from "../events/record-event";
import { findProposalRow, statusOf, toProposalDto, type ProposalRow } from "../proposals/read-model";
import { statusAllows } from "../proposals/status-rules";
import { changesSinceViewed, type ChangesSinceViewed } from "./changes-since-viewed";
import { notifyStaff } from "./notify-staff";
import { toPublicView } from "./public-view";
import type { PublicProposal } from "./schemas";

/**
 * A proposal as its recipient sees it on /p/{uuid}. The uuid is the secret: whoever has the link
 * is the recipient, so nothing here asks who is calling, and nothing leaves that the page does
 * not show.
 */

/**
 * A proposal its customer may see by uuid, or 404: drafts and templates are the company's work in
 * progress (the rule `view`, ../proposals/status-rules.ts). An archived one stays viewable:
 * archiving files it away for the sales staff, and the link the customer was sent must not break.
 */
export async function getViewableRow(tx: Tx, uuid: string): Promise<ProposalRow> {
  const row = await findProposalRow(tx, uuid);
  if (!row || !statusAllows("view", statusOf(row))) throw notFound("Proposal");
  return row;
}

/**
 * Where a replaced proposal's page may lead: the series' current version (its newest active,
 * expired or not, or accepted proposal), and only when that version went to the same recipient.
 * The link is the only secret: a version sent to someone else must not open with the old
 * recipient's link, nor be signed through it. A proposal sent without a recipient was a link
 * shared with someone the app does not know, so it leads nowhere either.
 */
export async function currentVersionUuid(tx: Tx, row: Pick<ProposalRow, "seriesId" | "recipientId">): Promise<string | null> {
  if (row.recipientId === null) return null;
  const current = await tx.proposal.findFirst({
    where: { seriesId: row.seriesId, status: { in: ["active", "accepted"] } },
    orderBy: { version: "desc" },
    select: { id: true, recipientId: true },
  });
  return current && current.recipientId === row.recipientId ? current.id : null;
}

/** The recipient-safe read model; values, title and description come from the one read model, the trail from the one audit trail. */
export async function toPublicProposal(tx: Tx, row: ProposalRow, now = new Date()): Promise<PublicProposal> {
  const dto = toProposalDto(row, now);
  return {
    ...toPublicView(dto),
    current_version_uuid: dto.status === "replaced" ? await currentVersionUuid(tx, row) : null,
    events: await listProposalEvents(tx, row.id, { forRecipient: true }),
    has_acceptance_record: dto.status === "accepted" && (await tx.proposalAcceptance.count({ where: { proposalId: row.id } })) > 0,
  };
}

/**
 * First opened (once), last opened and how often, in one statement; updated_at is the editors', so
 * it stays. The first view tells the proposal's staff (./notify-staff.ts) in the same transaction:
 * the row lock orders concurrent views, so exactly one of them counts 1.
 */
export async function recordView(db: Db, row: ProposalRow) {
  await db.$transaction(async (tx) => {
    const [counted] = await tx.$queryRaw<{ count: number }[]>`
      UPDATE proposals
      SET recipient_first_viewed_at = COALESCE(recipient_first_viewed_at, now()),
          recipient_viewed_at = now(),
          recipient_view_count = recipient_view_count + 1
      WHERE id = ${row.id}::uuid
      RETURNING recipient_view_count AS count`;
    const first = Number(counted?.count) === 1;
    if (first) await notifyStaff(tx, row, { kind: "proposal_viewed" });
    await recordProposalEvent(tx, row, { type: "viewed", actor: recipientActor(row.recipient), webhook: first });
  });
}

export type PublicProposalView = {
  proposal: PublicProposal;
  isPreview: boolean;
  /** What changed since the version of the series the customer last viewed (./changes-since-viewed.ts), or null. */
  changes: ChangesSinceViewed | null;
};

/**
 * The page's read from a client `address`: counted against the address's budget of page reads
 * first (429 past it, before the proposal is read), then the proposal for its recipient, and the
 * view recorded, unless `viewer` (the signed-in user, if any) is a member of the proposal's
 * company: that is the sales staff checking their own work, a preview, which must not tell them
 * the customer has looked. A view counts once per address in a few minutes
 * (lib/api/address-limits.ts): reloading the page is not looking again. With it comes what
 * changed since the version the customer last viewed, when this is a newer one.
 */
export async function getPublicProposal(
  db: Db,
  uuid: string,
  { viewer, address }: { viewer: Caller | null; address: string },
): Promise<PublicProposalView> {
  await limitAddress("public_page", address);
  const row = await getViewableRow(db, uuid);
  const isPreview = viewer !== null && (await isCompanyMember(db, viewer, row.companyId));
  if (!isPreview && (await isNewView(uuid, address))) await recordView(db, row);
  const proposal = await toPublicProposal(db, row);
  return { proposal, isPreview, changes: await changesSinceViewed(db, row, proposal) };
}
