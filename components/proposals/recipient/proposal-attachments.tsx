import type { PublicView } from "@/lib/proposals/public/public-view";

/** Documents to download (hosted PDFs) and links, as the sender attached them. */
export function ProposalAttachments({ proposal }: { proposal: PublicView }) {
  if (proposal.attachments.length === 0) return null;
  return (
    <section aria-labelledby="recipient-attachments" className="recipient-section">
      <h2 id="recipient-attachments" className="text-xl font-semibold text-slate-900">
        Attachments
      </h2>
      <ul className="mt-3 space-y-2">
        {proposal.attachments.map((a, i) => {
          const isFile = a.mime_type === "application/pdf";
          return (
            <li key={`${a.url}-${i}`}>
              <a
                href={a.url}
                className="inline-flex max-w-full items-center gap-2 break-all text-brand-700 underline"
                {...(isFile ? { download: a.name } : { target: "_blank", rel: "noopener noreferrer" })}
              >
                {a.name} <span className="text-xs text-slate-500 no-underline">{isFile ? "(PDF)" : "(link)"}</span>
              </a>
              {/* On paper, a link is its address. */}
              {!a.url.startsWith("/") ? <span className="hidden text-xs break-all text-slate-500 print:block">{a.url}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
