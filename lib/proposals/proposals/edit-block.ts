import type { Caller } from "@/lib/api/authenticate";
import { notFound, validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { assertUsableImages } from "../images/usable-images";
import { choicesOf, quantityRangeIssues } from "./block-choices";
import type { StoredBlock } from "./blocks";
import { lockProposal, readProposal } from "./get-proposal";
import { json } from "./proposal-columns";
import type { BlockEdit } from "./schemas";
import { assertEditableStatus } from "./status-rules";

/**
 * PATCH /v3/proposals/{uuid}/blocks/{blockUuid}: the editor's customisations of one block (its
 * title, description and images, which a full PATCH ignores), its price, quantity and discount, and
 * the buyer's choices (optional, selected, quantity range). They survive later PATCHes that echo
 * the block's uuid. A range the edit and the stored block make together is checked whole (400).
 */
export async function editBlock(tx: Tx, caller: Caller, uuid: string, blockUuid: string, edit: BlockEdit) {
  const row = await lockProposal(tx, uuid);
  assertEditableStatus(row.status, "block");
  const blocks = row.blocks as StoredBlock[];
  const index = blocks.findIndex((b) => b.uuid === blockUuid);
  if (index < 0) throw notFound("Block");
  const refs = (edit.image_uuids ?? []).map((imageUuid, i) => ({ path: `image_uuids.${i}`, uuid: imageUuid }));
  await assertUsableImages(tx, { caller, companyId: row.companyId, refs });
  const merged = { ...blocks[index], ...edit };
  const choices = choicesOf(merged);
  const issues = quantityRangeIssues(choices).map((issue) => ({ path: issue.field, message: issue.message }));
  if (issues.length) throw validationError(issues);
  blocks[index] = { ...merged, ...choices };
  await tx.proposal.update({ where: { id: uuid }, data: { blocks: json(blocks) } });
  return { data: await readProposal(tx, uuid) };
}

/** PATCH /v3/proposals/{uuid}/data: shallow merge; a key set to null is deleted. */
export async function mergeProposalData(tx: Tx, uuid: string, patch: Record<string, unknown>) {
  const row = await lockProposal(tx, uuid);
  assertEditableStatus(row.status, "data");
  const merged: Record<string, unknown> = { ...(row.data as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  await tx.proposal.update({ where: { id: uuid }, data: { data: json(merged) } });
  return { data: merged };
}
