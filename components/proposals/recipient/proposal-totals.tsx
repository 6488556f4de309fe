import { totalRows } from "@/lib/proposals/public/presentation";
import type { PublicView } from "@/lib/proposals/public/public-view";

/**
 * The footer's totals by tax mode, as lib/proposals/public/presentation.ts words them (the PDF says
 * the same): the last row, the total to pay, stands out.
 */
export function ProposalTotals({ proposal }: { proposal: PublicView }) {
  const { rows, note } = totalRows(proposal);
  return (
    <section aria-labelledby="recipient-totals" className="recipient-totals rounded-lg bg-slate-100 px-5 py-4 break-inside-avoid">
      <h2 id="recipient-totals" className="sr-only">
        Totals
      </h2>
      <dl className="space-y-1">
        {rows.map(([label, value], i) => (
          <div
            key={label}
            className={`flex items-baseline justify-between gap-4 ${i === rows.length - 1 ? "text-lg font-semibold text-slate-900" : "text-slate-700"}`}
          >
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="mt-2 text-sm text-slate-600">{note}</p> : null}
    </section>
  );
}
