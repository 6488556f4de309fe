import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { ProposalAttachments } from "./proposal-attachments";
import { ProposalBlocks } from "./proposal-blocks";
import { ProposalCover } from "./proposal-cover";
import { ProposalStatus } from "./proposal-status";
import { ProposalTotals } from "./proposal-totals";
import { RespondForm } from "./respond-form";
import "./print.css";

/** The proposal as its customer sees it at /p/{uuid}: on screen, on a phone and on paper. */
export function RecipientPage({ proposal, isPreview }: { proposal: PublicProposal; isPreview: boolean }) {
  const hasOffer = proposal.blocks.length > 0;
  return (
    <main className="recipient-page mx-auto max-w-3xl pb-16 sm:px-6 sm:pt-8">
      {isPreview ? (
        <p className="recipient-preview bg-amber-100 px-5 py-2 text-sm text-amber-900 sm:mb-4 sm:rounded-md print:hidden">
          Preview: you are signed in as a member of {proposal.company.name}, so this view is not counted as the customer&apos;s.
        </p>
      ) : null}
      <ProposalCover proposal={proposal} />
      <div className="mt-8 space-y-10 px-5 sm:px-0">
        <ProposalStatus proposal={proposal} />
        {proposal.description_html ? (
          <section
            aria-label="Description"
            className="recipient-description text-center break-words text-slate-800 [&_.text-left]:text-left [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:text-lg [&_h4]:font-semibold"
          >
            {/*
             * Safe to inject: description_html is render-markdown.ts's output, which escapes every
             * character of the text and can only ever contain the tags of the markdown subset
             * (h1-h3, p, br, strong); it is not the sender's HTML.
             */}
            <div className="space-y-3" dangerouslySetInnerHTML={{ __html: demoteHeadings(proposal.description_html) }} />
          </section>
        ) : null}
        {hasOffer ? (
          <section aria-labelledby="recipient-offer" className="recipient-offer space-y-6">
            <h2 id="recipient-offer" className="text-xl font-semibold text-slate-900">
              Offer
            </h2>
            <ProposalBlocks proposal={proposal} />
            <ProposalTotals proposal={proposal} />
          </section>
        ) : null}
        <ProposalAttachments proposal={proposal} />
        {proposal.status === "active" ? (
          <RespondForm uuid={proposal.uuid} companyName={proposal.company.name} isPreview={isPreview} />
        ) : null}
      </div>
    </main>
  );
}

/**
 * The page's one h1 is the proposal's title, so the description's headings move one level down
 * (h1 -> h2, h2 -> h3, h3 -> h4). A plain replacement is exact here: render-markdown.ts escapes
 * every "<" of the text, so "<h1>" and "</h1>" in its output can only be its own tags.
 */
function demoteHeadings(html: string) {
  return html.replace(/<(\/?)h([1-3])>/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}>`);
}
