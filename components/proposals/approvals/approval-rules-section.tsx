"use client";

import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "../editor/format";
import type { CompanyDto } from "../queries";
import { useApprovalRules, useSetApprovalRules } from "./queries";

/** A limit as typed: empty is no limit; otherwise a number, or the message of why not. */
function parseLimit(text: string, max?: number): number | null | string {
  const trimmed = text.trim().replace(",", ".");
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return "Enter a number from 0, or leave it empty for no limit";
  if (max !== undefined && value > max) return `At most ${max}`;
  return value;
}

const shown = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/**
 * The company's approval rules on the members page (issue 41): the largest discount on a line and
 * the largest total without tax a draft may have before an owner must approve it. Owners change
 * them; members see them.
 */
export function ApprovalRulesSection({ company }: { company: CompanyDto }) {
  const rules = useApprovalRules(company.id);
  const headingId = useId();
  if (rules.isPending) return null;
  if (rules.isError) return <Alert>Could not load the approval rules: {rules.error.message}</Alert>;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Approval rules
        </h2>
        <p className="text-sm text-slate-600">
          A draft above these limits cannot be sent until an owner approves it. The total counts every optional line and the top of every
          quantity range the buyer may choose, in the proposal&apos;s currency.
        </p>
      </div>
      {rules.data.can_manage ? (
        <RulesForm key={`${rules.data.max_discount_percent}:${rules.data.max_total_without_tax}`} company={company} rules={rules.data} />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Largest discount on a line</dt>
          <dd>{rules.data.max_discount_percent === null ? "No limit" : `${rules.data.max_discount_percent} %`}</dd>
          <dt className="text-slate-600">Largest total without tax</dt>
          <dd>{rules.data.max_total_without_tax === null ? "No limit" : rules.data.max_total_without_tax.toLocaleString("en")}</dd>
          <dd className="col-span-2 pt-1 text-xs text-slate-500">Only the company&apos;s owners change these.</dd>
        </dl>
      )}
    </section>
  );
}

function RulesForm({
  company,
  rules,
}: {
  company: CompanyDto;
  rules: { max_discount_percent: number | null; max_total_without_tax: number | null };
}) {
  const save = useSetApprovalRules(company.id);
  const toast = useToast();
  const [discount, setDiscount] = useState(shown(rules.max_discount_percent));
  const [total, setTotal] = useState(shown(rules.max_total_without_tax));
  const [error, setError] = useState<string>();
  const discountValue = parseLimit(discount, 100);
  const totalValue = parseLimit(total);
  const ids = { discount: useId(), total: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (typeof discountValue === "string" || typeof totalValue === "string") return;
    try {
      await save.mutateAsync({ max_discount_percent: discountValue, max_total_without_tax: totalValue });
      toast.show("Approval rules saved.", { tone: "success" });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const field = (id: string, label: string, value: string, set: (v: string) => void, problem: number | null | string, unit: string) => (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          inputMode="decimal"
          value={value}
          placeholder="No limit"
          aria-invalid={typeof problem === "string" ? true : undefined}
          aria-describedby={typeof problem === "string" ? `${id}-error` : undefined}
          onChange={(e) => set(e.target.value)}
          className="block w-36 rounded-md border border-slate-300 px-2 py-1.5 text-sm aria-[invalid]:border-red-400"
        />
        <span className="text-sm text-slate-600">{unit}</span>
      </div>
      {typeof problem === "string" ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
        {field(ids.discount, "Largest discount on a line", discount, setDiscount, discountValue, "%")}
        {field(ids.total, "Largest total without tax", total, setTotal, totalValue, "in the proposal's currency")}
      </div>
      <Button type="submit" disabled={save.isPending || typeof discountValue === "string" || typeof totalValue === "string"}>
        Save rules
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
