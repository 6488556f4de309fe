import { describe, expect, it } from "vitest";
import { engagementScore } from "./engagement-score";

describe("[PROPOSALS] the engagement score (docs/decisions/064)", () => {
  it("adds reading time against 20 s a block, blocks seen 5 s or more, and return visits", () => {
    // Four blocks: the target is 80 s. 63 s read -> 50 × 63/80 = 39.4 -> 39; two of four seen -> 15; two views -> 10.
    const { score, parts } = engagementScore({ blockSeconds: [50, 10, 3, 0], views: 2 });
    expect(parts).toEqual({
      reading_time: { points: 39, seconds: 63, target_seconds: 80 },
      blocks_seen: { points: 15, seen: 2, blocks: 4 },
      return_visits: { points: 10, visits: 1 },
    });
    expect(score).toBe(64);
  });

  it("is 0 for nothing seen and 100 at most, however long and often the proposal was read", () => {
    expect(engagementScore({ blockSeconds: [0, 0], views: 0 }).score).toBe(0);
    expect(engagementScore({ blockSeconds: [], views: 0 }).score).toBe(0);
    expect(engagementScore({ blockSeconds: [3600, 3600, 3600], views: 40 })).toMatchObject({
      score: 100,
      parts: { reading_time: { points: 50 }, blocks_seen: { points: 30 }, return_visits: { points: 20, visits: 39 } },
    });
  });

  it("asks at least 60 s of a short proposal, and counts only return visits for one without blocks", () => {
    expect(engagementScore({ blockSeconds: [30], views: 1 }).parts.reading_time).toEqual({ points: 25, seconds: 30, target_seconds: 60 });
    expect(engagementScore({ blockSeconds: [], views: 3 })).toMatchObject({ score: 20, parts: { reading_time: { points: 0 } } });
  });
});
