import { create, parse } from "content-disposition";

/**
 * A Content-Disposition header value (RFC 6266), written by the `content-disposition` package:
 * the name quoted and escaped so it cannot break out of its quotes or smuggle a header, and, when
 * the name is not plain ASCII, the exact name UTF-8 encoded as `filename*` (RFC 8187) beside an
 * ASCII fallback that keeps the letters (é → e) where the package would write "?".
 */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]|["\\%;]/g, "_")
    .trim()
    .slice(0, 200);
  return create(filename, { type, fallback: ascii || "file" });
}

/** The file name a Content-Disposition header gives (its `filename*` first), or null when it gives none. */
export function filenameInDisposition(header: string): string | null {
  try {
    return parse(header).parameters.filename ?? null;
  } catch {
    // A header the package cannot read names nothing: the name then comes from the URL.
    return null;
  }
}
