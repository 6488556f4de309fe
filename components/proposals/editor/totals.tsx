"use client";

import { computeLineValues, computeProposalValues, currencyFractionDigits, type PricedBlock } from "@/lib/proposals/values/proposal-values";
import { shownAmount } from "../format";
import { formatMoney } from "./format";
import type { ProposalDto } from "./queries";

export type PricedLine = PricedBlock & { uuid: string; type: ProposalDto["blocks"][number]["type"] };

type Money = Pick<ProposalDto, "currency" | "language" | "tax_options">;

/** A line's amount as the proposal shows it: with tax when prices include tax, else without. */
export function lineAmount(line: PricedBlock, proposal: Money) {
  const values = computeLineValues(line, proposal.tax_options, currencyFractionDigits(proposal.currency));
  return shownAmount(proposal, { value_with_tax: values.with_tax, value_without_tax: values.without_tax });
}

/**
 * The footer of the blocks, per the tax mode (proposals-service.md, "Tax mode meaning"): the
 * server's arithmetic over the same lines, so an optional block left out counts nothing here either.
 */
export function Totals({ lines, proposal }: { lines: PricedLine[]; proposal: Money }) {
  const { value_with_tax: withTax, value_without_tax: withoutTax } = computeProposalValues(
    lines,
    proposal.tax_options,
    currencyFractionDigits(proposal.currency),
  );
  const money = (n: number) => formatMoney(n, proposal.currency, proposal.language);
  const { mode, tax_included: isTaxIncluded } = proposal.tax_options;
  const rows: Array<[string, string, boolean?]> =
    mode === "standard"
      ? [
          ["Total without tax", money(withoutTax)],
          ["Tax", money(withTax - withoutTax)],
          ["Total with tax", money(withTax), true],
        ]
      : [["Total", money(isTaxIncluded ? withTax : withoutTax), true]];
  const note =
    mode === "simplified"
      ? isTaxIncluded
        ? "Prices include tax."
        : "Prices exclude tax."
      : mode === "tax-free"
        ? "Exempt from tax."
        : null;
  return (
    <div>
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value, isStrong]) => (
          <div
            key={label}
            className={`flex justify-between gap-4 ${isStrong ? "border-t border-slate-200 pt-1 font-semibold text-slate-900" : "text-slate-600"}`}
          >
            <dt>{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}
