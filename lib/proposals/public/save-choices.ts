import { validationError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { recipientActor, recordProposalEvent } from "../events/record-event";
import { applyBuyerChoices } from "../proposals/block-choices";
import type { StoredBlock } from "../proposals/blocks";
import { toProposalDto } from "../proposals/read-model";
import { lockAnswerableProposal } from "./lock-answerable-proposal";
import { getViewableRow, toPublicProposal } from "./public-proposal";
import type { ChoicesBody, PublicProposal } from "./schemas";

/**
 * POST /api/public/proposals/{uuid}/choices: the recipient includes or leaves out optional blocks
 * and chooses quantities within their ranges (docs/decisions/035-buyer-choices.md), while the
 * proposal's status allows `choose` (../proposals/status-rules.ts); an acceptance then freezes
 * them with the blocks.
 *
 * The row lock orders concurrent saves: each applies its changes to the blocks as the one before it
 * left them, so two saves naming different blocks both stay, and a save arriving after an
 * acceptance sees the new status and is refused. Any refusal changes nothing. A save that changes
 * something is one `choices_changed` event (the page sends a burst of clicks as one save); one that
 * changes nothing records nothing. updated_at is the editors' and stays, as for a view.
 */
export async function saveBuyerChoices(db: Db, uuid: string, body: ChoicesBody): Promise<{ data: PublicProposal }> {
  return db.$transaction(
    async (tx) => {
      const { row, now } = await lockAnswerableProposal(tx, uuid, "choose");
      const { blocks, changes, issues } = applyBuyerChoices(row.blocks as StoredBlock[], body.blocks);
      if (issues.length) throw validationError(issues, "Your choice could not be saved");
      if (!changes.length) return { data: await toPublicProposal(tx, row, now) };

      await tx.$executeRaw`UPDATE proposals SET blocks = ${JSON.stringify(blocks)}::jsonb WHERE id = ${uuid}::uuid`;
      const updated = await getViewableRow(tx, uuid);
      const dto = toProposalDto(updated, now);
      await recordProposalEvent(tx, updated, {
        type: "choices_changed",
        actor: recipientActor(updated.recipient),
        detail: { blocks: changes, value_without_tax: dto.value_without_tax, value_with_tax: dto.value_with_tax },
      });
      return { data: await toPublicProposal(tx, updated, now) };
    },
    { maxWait: 10_000, timeout: 20_000 },
  );
}
