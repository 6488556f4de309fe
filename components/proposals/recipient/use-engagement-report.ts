import { useEffect } from "react";
import { newViewId, sendEngagementReport } from "@/lib/proposals/engagement/engagement-client";
import { EngagementMeter, isOnScreen } from "@/lib/proposals/engagement/engagement-meter";
import { REPORT_INTERVAL_SECONDS } from "@/lib/proposals/engagement/engagement-rules";

/** Element thresholds the observer reports at: fine enough to see half a block, or a tall one filling the screen. */
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

/**
 * Measures, in the customer's browser, how long each block of the proposal (the page's elements
 * with a `data-block-uuid`, ./proposal-blocks.tsx) is on screen while the page is visible, and reports the view's
 * totals every 15 s while it is visible and when it is hidden or left (docs/decisions/064).
 * `isEnabled`: a sent proposal awaiting its answer, opened by its customer (never a member's preview).
 * Nothing is stored in the browser: the view's id lives as long as the page.
 */
export function useEngagementReport({ uuid, isEnabled }: { uuid: string; isEnabled: boolean }) {
  useEffect(() => {
    if (!isEnabled || typeof IntersectionObserver === "undefined") return;
    const viewId = newViewId();
    const meter = new EngagementMeter(performance.now(), document.visibilityState === "visible");
    let lastSent = "";
    const report = () => {
      const blocks = meter.totalsAt(performance.now());
      const sent = JSON.stringify(blocks);
      if (!blocks.length || sent === lastSent) return;
      lastSent = sent;
      sendEngagementReport(uuid, { view_id: viewId, blocks });
    };

    const observer = new IntersectionObserver(
      (entries) => {
        const now = performance.now();
        for (const entry of entries) {
          const block = (entry.target as HTMLElement).dataset.blockUuid;
          if (block) meter.setOnScreen(block, isOnScreen(entry, entry.rootBounds?.height ?? window.innerHeight), now);
        }
      },
      { threshold: THRESHOLDS },
    );
    document.querySelectorAll<HTMLElement>("[data-block-uuid]").forEach((block) => observer.observe(block));

    const onVisibility = () => {
      const isVisible = document.visibilityState === "visible";
      meter.setVisible(isVisible, performance.now());
      if (!isVisible) report();
    };
    const onPageHide = () => {
      meter.setVisible(false, performance.now());
      report();
    };
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") report();
    }, REPORT_INTERVAL_SECONDS * 1000);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [uuid, isEnabled]);
}
