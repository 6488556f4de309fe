import type { ApprovalReason } from "@/lib/proposals/approvals/rules";
import { formatMoney } from "@/lib/proposals/public/presentation";

/** A broken rule in the editor's words: "A line discounted 60 % (limit 20 %)". */
export function reasonText(reason: ApprovalReason, proposal: { currency: string; language: string }): string {
  if (reason.rule === "max_discount_percent") return `A line discounted ${reason.actual} % (limit ${reason.limit} %)`;
  const money = (n: number) => formatMoney(n, proposal.currency, proposal.language);
  return `A total of up to ${money(reason.actual)} without tax, with every choice the buyer has (limit ${money(reason.limit)})`;
}
