import { choicesOf, quantityRange } from "../proposals/block-choices";
import { lineMinorUnits, toMajorUnits, type PricedBlock, type TaxOptions } from "../values/proposal-values";

/*
 * A company's approval rules (issue 41, docs/decisions/062): the largest discount on any line, and
 * the largest total without tax, above which a draft needs an owner's approval to be sent. Both
 * the API and the editor judge a proposal by these functions, so this module imports nothing
 * server-only.
 */

export type ApprovalRules = { max_discount_percent: number | null; max_total_without_tax: number | null };

export const APPROVAL_RULES = ["max_discount_percent", "max_total_without_tax"] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/** One rule a proposal breaks: the limit the company set, and the proposal's own figure. */
export type ApprovalReason = { rule: ApprovalRule; limit: number; actual: number };

/** A company row's rules. */
export const rulesOf = (company: { approvalMaxDiscountPercent: number | null; approvalMaxTotal: number | null }): ApprovalRules => ({
  max_discount_percent: company.approvalMaxDiscountPercent,
  max_total_without_tax: company.approvalMaxTotal,
});

type RuledBlock = PricedBlock & { quantity: number; quantity_min?: number | null; quantity_max?: number | null };

/**
 * The largest total without tax the buyer can reach with their choices: each optional line in or
 * out and each quantity range at either end, whichever costs more (a line may be a credit, with a
 * negative price). What a rule on the total must hold, since the buyer decides after it is sent.
 */
export function largestTotalWithoutTax(blocks: readonly RuledBlock[], tax: TaxOptions, fractionDigits: number): number {
  let total = 0n;
  for (const block of blocks) {
    const choices = choicesOf(block);
    const range = quantityRange(choices);
    const quantities = range ? [range.min, range.max] : [choices.quantity];
    const lines = quantities.map((quantity) => lineMinorUnits({ ...block, quantity, optional: false }, tax, fractionDigits).withoutTax);
    if (choices.optional) lines.push(0n);
    total += lines.reduce((a, b) => (b > a ? b : a));
  }
  return toMajorUnits(total, fractionDigits);
}

/** The rules a proposal breaks, in the order of APPROVAL_RULES; none when the company set none. */
export function brokenRules(
  proposal: { blocks: readonly RuledBlock[]; tax: TaxOptions; fractionDigits: number },
  rules: ApprovalRules,
): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (rules.max_discount_percent !== null && proposal.blocks.length) {
    const largest = Math.max(...proposal.blocks.map((b) => b.discount ?? 0));
    if (largest > rules.max_discount_percent) {
      reasons.push({ rule: "max_discount_percent", limit: rules.max_discount_percent, actual: largest });
    }
  }
  if (rules.max_total_without_tax !== null) {
    const total = largestTotalWithoutTax(proposal.blocks, proposal.tax, proposal.fractionDigits);
    if (total > rules.max_total_without_tax)
      reasons.push({ rule: "max_total_without_tax", limit: rules.max_total_without_tax, actual: total });
  }
  return reasons;
}

/** A reason in words, for an error message and the editor: "a 60 % discount on a line (the limit is 20 %)". */
export function describeReason(reason: ApprovalReason, currency = ""): string {
  const money = (n: number) => `${n.toLocaleString("en", { maximumFractionDigits: 3 })}${currency ? ` ${currency}` : ""}`;
  if (reason.rule === "max_discount_percent") {
    return `a ${reason.actual} % discount on a line (the limit is ${reason.limit} %)`;
  }
  return `a total of up to ${money(reason.actual)} without tax (the limit is ${money(reason.limit)})`;
}

/** Whether a draft may be sent as it is: it breaks no rule, or an owner approved this version. */
export const maySend = (approval: { status: string }) => approval.status === "not_needed" || approval.status === "approved";
