import { SEEN_SECONDS } from "./engagement-rules";

/**
 * A proposal's engagement score, 0 to 100 (docs/decisions/064): three parts a salesperson can check
 * by hand against the figures beside it.
 * - Reading time, up to 50 points: 50 × (seconds on screen ÷ target), at most 50; the target is 20 s
 *   per block, at least 60 s, so a long proposal needs longer reading for the same points.
 * - Blocks seen, up to 30 points: 30 × (blocks on screen 5 s or more, summed over views ÷ blocks).
 * - Return visits, up to 20 points: 10 for each view after the first, two at most.
 * Each part is rounded to whole points and the score is their sum. A proposal without blocks has
 * nothing to read: only its return visits count.
 */

/** The formula in words, as the answer carries it beside the score. */
export const SCORE_FORMULA =
  "reading_time (up to 50: 50 × seconds on screen ÷ target, the target 20 s per block and at least 60 s) + " +
  "blocks_seen (up to 30: 30 × the share of blocks on screen 5 s or more, summed over views) + " +
  "return_visits (up to 20: 10 for each view after the first); each part rounded to whole points";

export const SECONDS_PER_BLOCK_TARGET = 20;
export const MIN_TARGET_SECONDS = 60;
const READING_POINTS = 50;
const SEEN_POINTS = 30;
const POINTS_PER_RETURN = 10;
const MAX_RETURNS = 2;

export type ScoreInput = {
  /** Each block's seconds on screen, summed over views, in the proposal's order. */
  blockSeconds: number[];
  /** How many views reported. */
  views: number;
};

export type ScoreParts = {
  reading_time: { points: number; seconds: number; target_seconds: number };
  blocks_seen: { points: number; seen: number; blocks: number };
  return_visits: { points: number; visits: number };
};

export function engagementScore({ blockSeconds, views }: ScoreInput): { score: number; parts: ScoreParts } {
  const blocks = blockSeconds.length;
  const seconds = blockSeconds.reduce((sum, s) => sum + s, 0);
  const target = Math.max(MIN_TARGET_SECONDS, SECONDS_PER_BLOCK_TARGET * blocks);
  const seen = blockSeconds.filter((s) => s >= SEEN_SECONDS).length;
  const returns = Math.max(0, views - 1);
  const parts: ScoreParts = {
    reading_time: { points: blocks ? Math.round(READING_POINTS * Math.min(1, seconds / target)) : 0, seconds, target_seconds: target },
    blocks_seen: { points: blocks ? Math.round((SEEN_POINTS * seen) / blocks) : 0, seen, blocks },
    return_visits: { points: POINTS_PER_RETURN * Math.min(MAX_RETURNS, returns), visits: returns },
  };
  return { score: parts.reading_time.points + parts.blocks_seen.points + parts.return_visits.points, parts };
}
