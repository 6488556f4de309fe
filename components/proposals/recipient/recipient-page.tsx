import { isMeasured } from "@/lib/proposals/engagement/engagement-rules";
import { hasChoices } from "@/lib/proposals/proposals/block-choices";
import { isAnswerable, statusAllows } from "@/lib/proposals/proposals/status-rules";
import type { ChangesSinceViewed } from "@/lib/proposals/public/changes-since-viewed";
import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { ProposalHistory } from "../proposal-history";
import { BuyerChoicesProvider } from "./buyer-choices";
import { ChangeRequestForm } from "./change-request-form";
import { ChangesSummary } from "./changes-summary";
import { EngagementNote } from "./engagement-note";
import { formatTime } from "./format";
import { OfferSection } from "./offer-section";
import { ProposalDocument } from "./proposal-document";
import { ProposalStatus } from "./proposal-status";
import { RespondForm } from "./respond-form";

/**
 * The proposal as its customer sees it at /p/{uuid}: on screen, on a phone and on paper. `changes`:
 * what changed since the version the customer last viewed, summarised at the top. What the
 * customer may do (answer, choose, ask for changes) is what the status allows by the rules the
 * server refuses by (lib/proposals/proposals/status-rules.ts). Where they have something to
 * choose (optional items or quantity ranges), the offer is live, inside a BuyerChoicesProvider
 * (./buyer-choices.tsx) that the answer shares. Rendered on the server and brought to life in the browser by its own small script, without the
 * app's framework (./hydrate.tsx, pages/p/[uuid].tsx, docs/decisions/049): it may use no
 * next/* module, and its links are plain anchors.
 */
export function RecipientPage({
  proposal,
  isPreview,
  changes = null,
}: {
  proposal: PublicProposal;
  isPreview: boolean;
  changes?: ChangesSinceViewed | null;
}) {
  const isChoosing = statusAllows("choose", proposal.status) && hasChoices(proposal);
  const page = (
    <main className="recipient-page mx-auto max-w-3xl pb-16 sm:px-6 sm:pt-8">
      {isPreview ? (
        <p className="recipient-preview bg-amber-100 px-5 py-2 text-sm text-amber-900 sm:mb-4 sm:rounded-md print:hidden">
          Preview: you are signed in as a member of {proposal.company.name}, so this view is not counted as the customer&apos;s.
        </p>
      ) : null}
      <ProposalDocument
        proposal={proposal}
        slots={isChoosing ? { offer: <OfferSection proposal={proposal} /> } : undefined}
        top={
          <>
            {changes ? <ChangesSummary changes={changes} proposal={proposal} /> : null}
            <ProposalStatus proposal={proposal} />
          </>
        }
        bottom={
          <>
            {isAnswerable(proposal.status) ? (
              <RespondForm uuid={proposal.uuid} companyName={proposal.company.name} isPreview={isPreview} />
            ) : null}
            {statusAllows("askForChanges", proposal.status) ? <ChangeRequestForm proposal={proposal} isPreview={isPreview} /> : null}
            <Keep proposal={proposal} />
            <div className="print:hidden">
              <ProposalHistory
                events={proposal.events}
                companyName={proposal.company.name}
                formatTime={(unix) => formatTime(unix, proposal)}
                headingId="recipient-history"
              />
            </div>
          </>
        }
      />
      {isMeasured(proposal.status) ? (
        <EngagementNote uuid={proposal.uuid} companyName={proposal.company.name} isPreview={isPreview} />
      ) : null}
    </main>
  );
  // A new status (answered, withdrawn) starts the customer's choices afresh from what the server holds.
  return isChoosing ? (
    <BuyerChoicesProvider key={`${proposal.uuid}:${proposal.status}`} proposal={proposal} isPreview={isPreview}>
      {page}
    </BuyerChoicesProvider>
  ) : (
    page
  );
}

/**
 * The proposal to keep: its PDF (for an accepted one, the acceptance record, the same file every
 * time), and where anyone can check such a record.
 */
function Keep({ proposal }: { proposal: PublicProposal }) {
  const isRecord = proposal.has_acceptance_record;
  return (
    <section aria-labelledby="recipient-keep" className="space-y-2 print:hidden">
      <h2 id="recipient-keep" className="text-base font-semibold text-slate-900">
        {isRecord ? "Your acceptance record" : "Keep a copy"}
      </h2>
      <p className="text-sm text-slate-600">
        {isRecord
          ? "The proposal as you accepted it, with a certificate of your signature and this page's history."
          : "The proposal as it stands, as a PDF."}
      </p>
      <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:gap-4">
        {/* A plain link: the browser downloads the file, named by the server. */}
        <a
          href={`/p/${proposal.uuid}/pdf`}
          download
          className="inline-flex justify-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {isRecord ? "Download the acceptance record (PDF)" : "Download as PDF"}
        </a>
        <a href="/verify" className="text-brand-700 underline">
          Verify an acceptance record
        </a>
      </div>
    </section>
  );
}
