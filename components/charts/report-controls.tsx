"use client";

import { useId, type ReactNode } from "react";

/** The filter fields of a report (analytics, the pipeline): one look, labels above, a grid that folds on a phone. */
export const REPORT_INPUT = "mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** A filter with its label; `children` gets the id to put on its control. */
export function ReportField({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** From and To as date fields (yyyy-mm-dd); a cleared field keeps its last date. */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
}) {
  return (
    <>
      <ReportField label="From">
        {(id) => (
          <input
            id={id}
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && onFrom(e.target.value)}
            className={REPORT_INPUT}
          />
        )}
      </ReportField>
      <ReportField label="To">
        {(id) => (
          <input
            id={id}
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && onTo(e.target.value)}
            className={REPORT_INPUT}
          />
        )}
      </ReportField>
    </>
  );
}

/** One headline figure of a report, in a `<dl>`. */
export function ReportFigure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
      {note ? <dd className="text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
