import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { formatMoney, shownAmount, taxWord } from "./format";

/**
 * The footer's totals by tax mode (proposals-service.md): standard shows the total without and with
 * tax; simplified one total and whether prices include tax; tax-free one total and the exemption;
 * none one total and no tax words at all.
 */
export function ProposalTotals({ proposal }: { proposal: PublicProposal }) {
  const money = (v: number) => formatMoney(v, proposal);
  const word = taxWord(proposal);
  const { mode, tax_included } = proposal.tax_options;
  const rows: [string, string][] = [];
  let note: string | null = null;
  if (mode === "standard") {
    rows.push([`Total excl. ${word}`, money(proposal.value_without_tax)]);
    rows.push([capitalise(word), money(round(proposal.value_with_tax - proposal.value_without_tax))]);
    rows.push([`Total incl. ${word}`, money(proposal.value_with_tax)]);
  } else {
    rows.push(["Total", money(shownAmount(proposal, proposal))]);
    if (mode === "simplified") note = tax_included ? `Prices include ${word}.` : `Prices exclude ${word}.`;
    if (mode === "tax-free") note = `Exempt from ${word}: no ${word} is charged on this offer.`;
  }
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The tax shown is the difference of two amounts already rounded to cents: no float dust. */
const round = (v: number) => Math.round(v * 10000) / 10000;
