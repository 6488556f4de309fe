import type { ReactNode } from "react";
import type { PublicView } from "@/lib/proposals/public/public-view";
import { Offer } from "./offer";
import { ProposalAttachments } from "./proposal-attachments";
import { ProposalCover } from "./proposal-cover";
import { ProposalDescription } from "./proposal-description";

/** What the editor puts in place of the page's parts (its in-place fields), and the customer's page its offer to choose in. */
export type DocumentSlots = { title?: ReactNode; description?: ReactNode; offer?: ReactNode };

/**
 * A proposal as its customer sees it: cover, description, offer with totals, attachments. The one
 * rendering of a proposal: the customer's page (/p/{uuid}) puts its status and answer around it,
 * the editor its in-place fields into it (`slots`), and the editor's customer view shows it as is,
 * so the three never drift apart. The PDF words its numbers with the same functions
 * (lib/proposals/public/presentation.ts).
 */
export function ProposalDocument({
  proposal,
  slots = {},
  top,
  bottom,
}: {
  proposal: PublicView;
  slots?: DocumentSlots;
  /** Under the cover, before the description: the customer's page puts what changed and the status here. */
  top?: ReactNode;
  /** After the attachments: the answer, the copy to keep, the history. */
  bottom?: ReactNode;
}) {
  // Laid out by its own width, not the window's: the editor shows the phone's layout in a narrow frame.
  return (
    <div className="@container">
      <ProposalCover proposal={proposal} title={slots.title} />
      <div className="mt-8 space-y-10 px-5 @min-[40rem]:px-0">
        {top}
        {slots.description ?? <ProposalDescription html={proposal.description_html} />}
        {slots.offer ?? (proposal.blocks.length > 0 ? <Offer proposal={proposal} /> : null)}
        <ProposalAttachments proposal={proposal} />
        {bottom}
      </div>
    </div>
  );
}
