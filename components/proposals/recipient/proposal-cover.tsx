import type { ReactNode } from "react";
import type { PublicView } from "@/lib/proposals/public/public-view";
import { fileUrl } from "./format";

/** The title's look on the cover, for the editor's field too. */
export const TITLE_CLASSES = "mt-2 text-3xl font-bold break-words text-white @min-[40rem]:text-4xl";

/**
 * The first page: the background image behind the title, then who sends it and to whom. `title`
 * replaces the title's h1 (the editor's in-place field, in TITLE_CLASSES).
 */
export function ProposalCover({ proposal, title: titleSlot }: { proposal: PublicView; title?: ReactNode }) {
  const background = proposal.background_image_uuid;
  const title = proposal.title.trim() || "Proposal";
  return (
    <header className="recipient-cover">
      <div
        className={`relative isolate overflow-hidden rounded-none @min-[40rem]:rounded-xl ${background ? "bg-slate-900" : "bg-brand-700"} print:rounded-none`}
      >
        {background ? (
          // The image sits behind the title as an element, not a CSS background: it prints, and
          // no inline style is needed.
          <img src={fileUrl(background)} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60" />
        ) : null}
        <div className="flex min-h-56 flex-col justify-end px-5 py-8 @min-[40rem]:min-h-72 @min-[40rem]:px-10 @min-[40rem]:py-12">
          <p className="text-sm font-medium tracking-wide text-white/80 uppercase">{proposal.company.name}</p>
          {titleSlot ?? <h1 className={TITLE_CLASSES}>{title}</h1>}
          {proposal.recipient.name || proposal.recipient.company_name ? (
            <p className="mt-3 text-white/90">
              Prepared for {[proposal.recipient.name, proposal.recipient.company_name].filter(Boolean).join(", ")}
            </p>
          ) : null}
        </div>
      </div>
      <Sender proposal={proposal} />
    </header>
  );
}

function Sender({ proposal }: { proposal: PublicView }) {
  const { company, sender } = proposal;
  return (
    <section aria-label="From" className="mt-6 grid gap-4 px-5 text-sm text-slate-700 @min-[40rem]:grid-cols-2 @min-[40rem]:px-0">
      <div>
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">From</h2>
        <p className="mt-1 font-medium text-slate-900">{company.name}</p>
        {company.address ? <p className="whitespace-pre-line">{company.address}</p> : null}
        {company.phone ? <p>{company.phone}</p> : null}
        {company.email ? (
          <p>
            <a className="text-brand-700 underline" href={`mailto:${company.email}`}>
              {company.email}
            </a>
          </p>
        ) : null}
      </div>
      {sender.name || sender.email ? (
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Your contact</h2>
          <p className="mt-1 font-medium text-slate-900">{sender.name}</p>
          {sender.email ? (
            <p>
              <a className="break-all text-brand-700 underline" href={`mailto:${sender.email}`}>
                {sender.email}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
