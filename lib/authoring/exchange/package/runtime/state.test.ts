import { describe, expect, test } from "vitest";
import { decodeState, emptyState, encodeState, fitState, type PlayerState } from "./state";

const SCORM12_MAX = 4096;

/** A big course: 500 lessons, every other one viewed, and 40 quizzes of 25 questions, all answered. */
function bigState(): PlayerState {
  const state = emptyState(500);
  state.viewed = state.viewed.map((_, i) => i % 2 === 0);
  for (let q = 0; q < 40; q++) {
    state.quizzes[q] = { submitted: q % 3 === 0, answers: Array.from({ length: 25 }, (_, i) => (i % 4 === 0 ? [0, 2, 5] : [i % 6])) };
  }
  return state;
}

describe("package state", () => {
  test("[PACKAGE] lessons viewed and quiz answers survive the round trip through the LMS's suspend data", () => {
    const state: PlayerState = {
      viewed: [true, false, true, true, false, false, true, false],
      quizzes: {
        0: { submitted: true, answers: [[1], [0, 2], [], [3]] },
        3: { submitted: true, passed: true, answers: [[2]] },
        12: { submitted: false, answers: [[0]] },
      },
    };
    const encoded = encodeState(state);
    expect(encoded).toMatch(/^1~/);
    expect(decodeState(encoded, 8)).toEqual(state);
  });

  test("[PACKAGE] unanswered questions at the end of a quiz take no room and come back unanswered", () => {
    const state: PlayerState = { viewed: [true], quizzes: { 3: { submitted: false, answers: [[], [1], [], []] } } };
    const decoded = decodeState(encodeState(state), 1);
    expect(decoded.quizzes[3]).toEqual({ submitted: false, answers: [[], [1]] });
  });

  test("[PACKAGE] state the package cannot read starts afresh", () => {
    for (const text of [null, "", "garbage", "2~AAA~", "1"]) expect(decodeState(text, 3)).toEqual(emptyState(3));
  });

  test("[PACKAGE] a big course's state stays within SCORM 1.2's 4,096 characters", () => {
    const state = bigState();
    const encoded = fitState(state, SCORM12_MAX, 39);
    expect(encoded.length).toBeLessThanOrEqual(SCORM12_MAX);
    // All of it fits: nothing was dropped.
    expect(decodeState(encoded, 500)).toEqual(decodeState(encodeState(state), 500));
    expect(decodeState(encoded, 500).viewed).toEqual(state.viewed);
  });

  test("[PACKAGE] when the LMS keeps less, unsubmitted quizzes go first and the final quiz's answers stay", () => {
    const state = bigState();
    const max = 700;
    const encoded = fitState(state, max, 39);
    expect(encoded.length).toBeLessThanOrEqual(max);
    const kept = decodeState(encoded, 500);
    expect(kept.viewed).toEqual(state.viewed);
    expect(kept.quizzes[39]).toEqual(state.quizzes[39]);
    // Every quiz kept but the final one is submitted: the unsubmitted ones went first.
    const others = Object.keys(kept.quizzes)
      .map(Number)
      .filter((q) => q !== 39);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((q) => kept.quizzes[q].submitted)).toBe(true);
  });
});
