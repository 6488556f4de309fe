import { renderDescriptionHtml, renderTitle } from "@/lib/proposals/markdown/render-markdown";
import { shownAmount } from "@/lib/proposals/public/presentation";
import { toPublicView, type PublicView } from "@/lib/proposals/public/public-view";
import { computeLineValues, computeValues, currencyFractionDigits } from "@/lib/proposals/values/proposal-values";
import { draftedBlock, type BlockDraft } from "./block-draft";
import type { ProposalBlockDto, ProposalDto } from "./queries";

export type TextDraft = { title_md: string; description_md: string };

/**
 * The customer's page as the drafts on screen make it: the title and description through the
 * server's markdown (render-markdown.ts), each block as typed, the lines and totals through the
 * server's arithmetic (proposal-values.ts). The editor and its customer view show this, so what
 * the sales person sees is what the customer will get.
 */
export function draftView(
  proposal: ProposalDto,
  text: TextDraft,
  data: Record<string, unknown>,
  drafts: Readonly<Record<string, BlockDraft>>,
): PublicView {
  const blocks = proposal.blocks.map((b) => draftedBlock(b, drafts[b.uuid]));
  const { lines, total } = computeValues(blocks, proposal.tax_options, currencyFractionDigits(proposal.currency));
  return toPublicView({
    ...proposal,
    title: renderTitle(text.title_md, data),
    description_html: renderDescriptionHtml(text.description_md, data),
    blocks: blocks.map((b, i) => ({ ...b, value_without_tax: lines[i].without_tax, value_with_tax: lines[i].with_tax })),
    ...total,
  });
}

type Money = Pick<ProposalDto, "currency" | "tax_options">;

/** A line's amount as the page shows it: with tax when prices include tax, else without. */
export function lineAmount(block: ProposalBlockDto, proposal: Money) {
  const values = computeLineValues(block, proposal.tax_options, currencyFractionDigits(proposal.currency));
  return shownAmount(proposal, { value_with_tax: values.with_tax, value_without_tax: values.without_tax });
}
