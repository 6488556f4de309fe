import type { ReadStatus } from "../proposals/status-rules";

/*
 * What the customer's page measures of a proposal (issue 42, docs/decisions/064): shared by the
 * server, which stores the reports, and the page's own script, which makes them. So this module
 * imports nothing server-only and no zod (the page's script bundles it).
 */

/** The most blocks one report names: a longer list is refused (400), not cut. */
export const MAX_BLOCKS_PER_REPORT = 120;

/** One block's seconds in one view are clipped to this: a tab left open overnight is not an hour of reading. */
export const MAX_SECONDS_PER_BLOCK = 3600;

/** How often the page reports while it is visible, in seconds; it also reports when it is hidden or left. */
export const REPORT_INTERVAL_SECONDS = 15;

/** A block counts as seen by the score (./engagement-score.ts) from this many seconds, summed over views. */
export const SEEN_SECONDS = 5;

/**
 * A proposal's page is measured while it awaits the customer's answer: sent (active) and not past its
 * expiry, the statuses that allow the customer's choices (../proposals/status-rules.ts `choose`).
 */
export const isMeasured = (status: ReadStatus) => status === "active";

/** The device a view was on: a phone, or anything else (a desktop, a laptop, a tablet). */
export type Device = "desktop" | "phone";
export const DEVICES = ["desktop", "phone"] as const satisfies readonly Device[];

/** A User-Agent's device when the page did not say: a mobile browser (its UA says "Mobi", as MDN advises) is a phone. */
export const deviceOf = (userAgent: string): Device => (/Mobi|iPhone|iPod|Windows Phone/i.test(userAgent) ? "phone" : "desktop");
