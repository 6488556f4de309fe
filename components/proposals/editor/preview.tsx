"use client";

import { renderDescriptionHtml, renderTitle } from "@/lib/proposals/markdown/render-markdown";
import { isIncluded } from "@/lib/proposals/values/proposal-values";
import { DESCRIPTION_LIST_CLASSES } from "../description-lists";
import { formatMoney } from "./format";
import type { ProposalDto } from "./queries";
import { lineAmount, Totals, type PricedLine } from "./totals";

/**
 * The proposal as the customer will see it, from what is typed now: title and description go
 * through the server's own rendering (render-markdown.ts), so what shows here is what is sent.
 * description_html is escaped HTML of the allowed subset only, safe to set as innerHTML.
 */
export function ProposalPreview({
  proposal,
  titleMd,
  descriptionMd,
  data,
  lines,
  titles,
}: {
  proposal: ProposalDto;
  titleMd: string;
  descriptionMd: string;
  data: Record<string, unknown>;
  lines: PricedLine[];
  titles: Record<string, string>;
}) {
  const title = renderTitle(titleMd, data);
  const html = renderDescriptionHtml(descriptionMd, data);
  return (
    <section aria-label="Preview" className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Preview
      </h2>
      <div className="space-y-4 px-5 py-6 text-center">
        {proposal.recipient_name ? <p className="text-xs text-slate-500">For {proposal.recipient_name}</p> : null}
        <p className="text-2xl font-bold break-words text-slate-900" data-testid="preview-title">
          {title || <span className="text-slate-400">Untitled proposal</span>}
        </p>
        <div
          className={`proposal-description space-y-3 text-sm leading-relaxed break-words text-slate-700 [&_.text-left]:text-left [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold ${DESCRIPTION_LIST_CLASSES}`}
          data-testid="preview-description"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
      {lines.length ? (
        <div className="border-t border-slate-100 px-5 py-4">
          <ul className="mb-3 space-y-1 text-sm">
            {lines.map((line) => (
              <li key={line.uuid} className="flex justify-between gap-4">
                <span className="min-w-0 truncate">
                  {titles[line.uuid] || (line.type === "video-block" ? "Video" : "Product")}
                  {line.optional ? <span className="text-slate-500">{line.selected ? " (optional)" : " (optional, left out)"}</span> : null}
                </span>
                {line.type === "product-block" ? (
                  <span className={`tabular-nums ${isIncluded(line) ? "" : "text-slate-400 line-through"}`}>
                    {formatMoney(lineAmount(line, proposal), proposal.currency, proposal.language)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <Totals lines={lines} proposal={proposal} />
        </div>
      ) : null}
    </section>
  );
}
