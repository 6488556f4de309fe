"use client";

import { useId, useState, type ReactNode } from "react";
import { toCsv, type CsvCell } from "@/lib/api/csv";

export type Table = { header: string[]; rows: CsvCell[][] };

/**
 * A chart as every reader can use it (issue 42, docs/decisions/063): a title, a one-sentence
 * summary (what a screen reader reads for the picture), the picture, "Show as table" with the same
 * figures, and "Download CSV" of that table. The table is the data; the picture only draws it.
 */
export function ChartFigure({
  title,
  summary,
  table,
  filename,
  children,
  tableFirst = false,
}: {
  title: string;
  summary: string;
  table: Table;
  /** The CSV's file name, without .csv. */
  filename: string;
  children: ReactNode;
  /** Start with the table shown (a chart with one or two bars says little). */
  tableFirst?: boolean;
}) {
  const [showTable, setShowTable] = useState(tableFirst);
  const headingId = useId();
  const summaryId = useId();
  const download = () => {
    const url = URL.createObjectURL(new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${filename}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <figure
      aria-labelledby={headingId}
      aria-describedby={summaryId}
      className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <div className="flex gap-2 text-xs">
          <button
            type="button"
            aria-pressed={showTable}
            onClick={() => setShowTable((v) => !v)}
            className="rounded px-2 py-1 text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {showTable ? "Show as chart" : "Show as table"}
          </button>
          <button type="button" onClick={download} className="rounded px-2 py-1 text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Download CSV
          </button>
        </div>
      </div>
      <p id={summaryId} className="text-xs text-slate-600">
        {summary}
      </p>
      {showTable ? (
        // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
        <div className="max-w-full overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, as a table`}>
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.header.map((h) => (
                  <th key={h} scope="col" className="border-b border-slate-200 px-2 py-1 font-medium text-slate-700">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i} className="odd:bg-slate-50">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="px-2 py-1 font-normal text-slate-800">
                        {cell ?? ""}
                      </th>
                    ) : (
                      <td key={j} className="px-2 py-1 tabular-nums text-slate-800">
                        {cell ?? "–"}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        children
      )}
    </figure>
  );
}
