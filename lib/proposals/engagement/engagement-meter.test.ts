import { describe, expect, it } from "vitest";
import { EngagementMeter, isOnScreen } from "./engagement-meter";
import { MAX_BLOCKS_PER_REPORT } from "./engagement-rules";

describe("[RECIPIENT] the page's stopwatch of blocks on screen", () => {
  it("counts each block's time on screen while the page is visible, and none while it is hidden", () => {
    const meter = new EngagementMeter(0, true);
    meter.setOnScreen("a", true, 1_000);
    meter.setOnScreen("b", true, 3_000);
    meter.setOnScreen("a", false, 5_000);
    // Hidden from 6 s to 60 s: b was on screen, but nobody could see it.
    meter.setVisible(false, 6_000);
    meter.setVisible(true, 60_000);
    expect(meter.totalsAt(62_500)).toEqual([
      { block_uuid: "b", seconds: 5.5 },
      { block_uuid: "a", seconds: 4 },
    ]);
    // Totals are the view's so far: a later report carries them again, grown.
    expect(meter.totalsAt(64_500)).toEqual([
      { block_uuid: "b", seconds: 7.5 },
      { block_uuid: "a", seconds: 4 },
    ]);
  });

  it("starts counting only once a page opened in a hidden tab is shown", () => {
    const meter = new EngagementMeter(0, false);
    meter.setOnScreen("a", true, 0);
    expect(meter.totalsAt(30_000)).toEqual([]);
    meter.setVisible(true, 30_000);
    expect(meter.totalsAt(32_000)).toEqual([{ block_uuid: "a", seconds: 2 }]);
  });

  it("reports at most as many blocks as a report may carry, the longest seen first", () => {
    const meter = new EngagementMeter(0, true);
    for (let i = 0; i < MAX_BLOCKS_PER_REPORT + 10; i++) {
      meter.setOnScreen(`block-${i}`, true, i * 20_000);
      meter.setOnScreen(`block-${i}`, false, i * 20_000 + (i + 1) * 100);
    }
    const totals = meter.totalsAt(10_000_000);
    expect(totals).toHaveLength(MAX_BLOCKS_PER_REPORT);
    expect(totals[0].block_uuid).toBe(`block-${MAX_BLOCKS_PER_REPORT + 9}`);
  });

  it("takes a block as on screen when half of it shows, or when it fills most of the viewport", () => {
    const entry = (ratio: number, height: number) => ({
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height },
    });
    expect(isOnScreen(entry(0.5, 100), 800)).toBe(true);
    expect(isOnScreen(entry(0.4, 100), 800)).toBe(false);
    // A block three screens tall: a third of it shows, filling the whole viewport.
    expect(isOnScreen(entry(0.33, 800), 800)).toBe(true);
    expect(isOnScreen(entry(0, 0), 800)).toBe(false);
  });
});
