import { FileAnswer } from "./prebuilt";

/*
 * Tables as CSV (issue 42): an endpoint with a `csv` table answers `text/csv` instead of JSON when
 * asked with `?format=csv` or an Accept header that prefers text/csv over JSON. One row per lesson,
 * item, block or period; the first row names the columns. RFC 4180: CRLF line ends, fields quoted
 * when they hold a comma, a quote or a line end. A cell that a spreadsheet would read as a formula
 * (=, +, -, @ first) is prefixed with an apostrophe unless it is a plain number (CSV injection).
 */

export type CsvCell = string | number | boolean | null | undefined;
export type CsvTable = { filename: string; header: string[]; rows: CsvCell[][] };

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : String(value);
  if (typeof value === "string" && FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV text, with a byte-order mark so that spreadsheet programs read it as UTF-8. */
export function toCsv(table: Pick<CsvTable, "header" | "rows">): string {
  return `\uFEFF${[table.header, ...table.rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

export const csvAnswer = (table: CsvTable) =>
  new FileAnswer(new TextEncoder().encode(toCsv(table)), "text/csv; charset=utf-8", table.filename);

/** Whether an Accept header asks for CSV before JSON (`text/csv`, or `text/csv` with a higher q than JSON). */
export function prefersCsv(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const weights = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(type.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const csv = weights.get("text/csv") ?? 0;
  const json = Math.max(weights.get("application/json") ?? 0, weights.get("*/*") ?? 0);
  return csv > 0 && csv >= json;
}
