/*
 * The customer's page's report of time on screen (POST /api/public/proposals/{uuid}/engagement,
 * docs/decisions/064), for its own script: no server-only import, no zod.
 */

export type EngagementReportBody = { view_id: string; blocks: { block_uuid: string; seconds: number }[] };

/** A new view's id: a random (version 4) UUID, made in the browser even where crypto.randomUUID is missing (plain http). */
export function newViewId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends a report with sendBeacon, which the browser delivers even as the page is closed: a JSON
 * Blob, so it goes as application/json (same origin: no preflight), without waiting for an answer.
 * Where the browser has no beacon or refuses it (too much queued), a keepalive fetch instead; a
 * report that is lost is made good by the next, which carries the view's totals again.
 */
export function sendEngagementReport(uuid: string, body: EngagementReportBody): void {
  const url = `/api/public/proposals/${encodeURIComponent(uuid)}/engagement`;
  const json = JSON.stringify(body);
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, new Blob([json], { type: "application/json" }))) return;
  } catch {
    // Fall back to fetch below.
  }
  void fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: json, keepalive: true }).catch(() => {});
}
