import { MAX_BLOCKS_PER_REPORT } from "./engagement-rules";

/**
 * The customer's page's stopwatch (issue 42, docs/decisions/064): how long each block has been on
 * screen in this view, counted only while the page is visible. The page tells it what changes
 * (a block comes on screen or leaves it, the page is hidden or shown) with the time of the change;
 * it keeps no clock of its own, so a test drives it with made-up times. Bundled into the page's own
 * script: no server-only import, no zod.
 */
export class EngagementMeter {
  /** Milliseconds on screen per block, up to `since`. */
  private readonly totals = new Map<string, number>();
  private readonly onScreen = new Set<string>();
  private isVisible: boolean;
  /** Up to when `totals` is counted. */
  private since: number;

  constructor(now: number, isVisible: boolean) {
    this.since = now;
    this.isVisible = isVisible;
  }

  /** Counts the time since the last change for the blocks on screen, if the page was visible. */
  private settle(now: number) {
    const elapsed = Math.max(0, now - this.since);
    if (this.isVisible && elapsed > 0) {
      for (const uuid of this.onScreen) this.totals.set(uuid, (this.totals.get(uuid) ?? 0) + elapsed);
    }
    this.since = Math.max(this.since, now);
  }

  /** A block came on screen (`isOn`) or left it. */
  setOnScreen(uuid: string, isOn: boolean, now: number) {
    this.settle(now);
    if (isOn) this.onScreen.add(uuid);
    else this.onScreen.delete(uuid);
  }

  /** The page was shown or hidden (document.visibilityState). */
  setVisible(isVisible: boolean, now: number) {
    this.settle(now);
    this.isVisible = isVisible;
  }

  /**
   * The view's totals so far, as a report names them: seconds to a tenth, blocks seen at least a
   * tenth of a second, the longest first and at most as many as a report may carry.
   */
  totalsAt(now: number): { block_uuid: string; seconds: number }[] {
    this.settle(now);
    return [...this.totals]
      .map(([block_uuid, ms]) => ({ block_uuid, seconds: Math.round(ms / 100) / 10 }))
      .filter((block) => block.seconds > 0)
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, MAX_BLOCKS_PER_REPORT);
  }
}

/** Whether a block counts as on screen: at least half of it visible, or it fills most (60 %) of the viewport. */
export function isOnScreen(
  entry: { isIntersecting: boolean; intersectionRatio: number; intersectionRect: { height: number } },
  viewportHeight: number,
) {
  if (!entry.isIntersecting) return false;
  return entry.intersectionRatio >= 0.5 || (viewportHeight > 0 && entry.intersectionRect.height >= 0.6 * viewportHeight);
}
