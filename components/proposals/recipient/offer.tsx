import type { ComponentProps, ReactNode } from "react";
import type { PublicView } from "@/lib/proposals/public/public-view";
import { ProposalBlocks } from "./proposal-blocks";
import { ProposalTotals } from "./proposal-totals";

/**
 * The offer: its lines and totals. No "use client": where nobody chooses (a draft in the editor, a
 * proposal without optional items or quantity ranges, an answered one) it is rendered on the
 * server and ships no code. Where the customer chooses, ./offer-section.tsx renders it with
 * `choose`, a note under the heading (`intro`) and the save's status (`after`).
 */
export function Offer({
  proposal,
  choose,
  intro,
  after,
}: {
  proposal: PublicView;
  choose?: ComponentProps<typeof ProposalBlocks>["choose"];
  intro?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby="recipient-offer" className="recipient-offer space-y-6">
      <div className="space-y-1">
        <h2 id="recipient-offer" className="text-xl font-semibold text-slate-900">
          Offer
        </h2>
        {intro}
      </div>
      <ProposalBlocks proposal={proposal} choose={choose} />
      <ProposalTotals proposal={proposal} />
      {after}
    </section>
  );
}
