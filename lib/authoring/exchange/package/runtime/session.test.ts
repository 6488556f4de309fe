import { describe, expect, test } from "vitest";
import type { PlayerConfig } from "../package-data";
import { createSession } from "./session";
import { decodeState } from "./state";
import type { QuizOutcome, Tracker } from "./tracker";

type Call =
  ["save", { location: string; state: string; measure: number }] | ["complete"] | ["score", QuizOutcome] | ["finish", { suspend: boolean }];

/** A Tracker that keeps what the session told it, as an LMS adapter would pass it on. */
function recordingTracker(maxState = 4096) {
  const calls: Call[] = [];
  const tracker: Tracker = {
    kind: "none",
    start: async () => ({ location: null, state: null }),
    save: (p) => calls.push(["save", p]),
    complete: () => calls.push(["complete"]),
    score: (o) => calls.push(["score", o]),
    finish: (o) => calls.push(["finish", o]),
    maxState,
  };
  return { tracker, calls, names: () => calls.map((c) => c[0]) };
}

function config(completion: "viewed" | "quiz", lessonCount = 3, finalQuiz: number | null = 0): PlayerConfig {
  return {
    format: "scorm12",
    completion,
    passing_score: 60,
    au_id: "urn:test",
    title: "Course",
    lessons: Array.from({ length: lessonCount }, (_, i) => ({ title: `L${i + 1}`, module: "M", href: `lessons/00${i + 1}.html` })),
    quiz_count: finalQuiz === null ? 0 : finalQuiz + 1,
    final_quiz: finalQuiz,
  };
}

describe("package session", () => {
  test("[PACKAGE] completion=viewed: each lesson shown is saved with the share viewed, and the last unseen one completes the course", () => {
    const { tracker, calls, names } = recordingTracker();
    const session = createSession(config("viewed"), tracker);
    expect(session.resume({ location: null, state: null })).toBe(0);
    session.shown(0);
    session.shown(2);
    expect(names()).toEqual(["save", "save"]);
    expect(calls[1]).toEqual(["save", { location: "lessons/003.html", state: expect.stringMatching(/^1~/), measure: 2 / 3 }]);
    session.shown(1);
    expect(names()).toEqual(["save", "save", "save", "complete"]);
    session.shown(0);
    expect(names().filter((n) => n === "complete")).toHaveLength(1);
    // Complete, but the course's quiz was never passed: leaving suspends, so the LMS keeps the place for it.
    session.finish();
    session.finish();
    expect(calls.at(-1)).toEqual(["finish", { suspend: true }]);
    expect(names().filter((n) => n === "finish")).toHaveLength(1);
  });

  test("[PACKAGE] completion=viewed: the final quiz's score goes to the LMS without deciding completion, and a pass ends the attempt on leaving", () => {
    const { tracker, calls, names } = recordingTracker();
    const session = createSession(config("viewed", 2), tracker);
    session.resume({ location: null, state: null });
    session.shown(0);
    session.answer(0, [[0], [1]], { correct: 1, total: 2, percentage: 50 });
    expect(calls.slice(1)).toEqual([
      ["score", { raw: 1, min: 0, max: 2, scaled: 0.5, passed: false }],
      ["save", expect.anything()],
    ]);
    expect(session.isCompleted).toBe(false);
    session.shown(1);
    expect(names().slice(-2)).toEqual(["save", "complete"]);
    // Viewed every lesson but failed the quiz: not finished, the learner may come back and retry.
    expect(session.isFinished).toBe(false);
    session.answer(0, [[1], [1]], { correct: 2, total: 2, percentage: 100 });
    expect(calls.filter((c) => c[0] === "score").at(-1)).toEqual(["score", { raw: 2, min: 0, max: 2, scaled: 1, passed: true }]);
    expect(names().filter((n) => n === "complete")).toHaveLength(1);
    // A pass stays: a worse resubmission does not take back the end of the attempt.
    session.answer(0, [[0], [0]], { correct: 0, total: 2, percentage: 0 });
    expect(session.isFinished).toBe(true);
    session.finish();
    expect(calls.at(-1)).toEqual(["finish", { suspend: false }]);
  });

  test("[PACKAGE] completion=quiz: the final quiz's submission scores against the passing score and completes; viewing does not", () => {
    const { tracker, calls, names } = recordingTracker();
    const session = createSession(config("quiz", 2), tracker);
    session.resume({ location: null, state: null });
    session.shown(0);
    session.shown(1);
    session.answer(0, [[0], [1, 2]]);
    expect(names()).toEqual(["save", "save", "save"]);
    session.answer(0, [[0], [1, 2]], { correct: 3, total: 4, percentage: 75 });
    expect(calls.slice(3)).toEqual([
      ["score", { raw: 3, min: 0, max: 4, scaled: 0.75, passed: true }],
      ["complete"],
      ["save", expect.objectContaining({ location: "lessons/002.html" })],
    ]);
    session.answer(0, [[1], []], { correct: 1, total: 2, percentage: 50 });
    expect(calls.slice(6, 8)).toEqual([
      ["score", { raw: 1, min: 0, max: 2, scaled: 0.5, passed: false }],
      ["save", expect.anything()],
    ]);
    session.finish();
    expect(calls.at(-1)).toEqual(["finish", { suspend: false }]);
  });

  test("[PACKAGE] leaving before the course is complete suspends the attempt, and nothing is saved after the end", () => {
    const { tracker, calls, names } = recordingTracker();
    const session = createSession(config("quiz", 2), tracker);
    session.resume({ location: null, state: null });
    session.shown(0);
    session.finish();
    session.shown(1);
    expect(names()).toEqual(["save", "save", "finish"]);
    expect(calls.at(-1)).toEqual(["finish", { suspend: true }]);
  });

  test("[PACKAGE] a resumed attempt opens the saved lesson with the lessons viewed and the quiz answers of last time", () => {
    const first = recordingTracker();
    const before = createSession(config("quiz", 3), first.tracker);
    before.resume({ location: null, state: null });
    before.shown(0);
    before.shown(2);
    before.answer(0, [[1], [0, 2]], { correct: 1, total: 2, percentage: 50 });
    const saved = first.calls.filter((c) => c[0] === "save").at(-1)![1] as { location: string; state: string };

    const second = recordingTracker();
    const after = createSession(config("quiz", 3), second.tracker);
    expect(after.resume(saved)).toBe(2);
    expect(after.progress()).toBe(67);
    expect(after.quiz(0)).toEqual({ answers: [[1], [0, 2]], submitted: true });
    expect(after.isCompleted).toBe(true);
    // Complete (the quiz was answered) but failed: leaving again keeps the attempt open for a retry.
    after.finish();
    expect(second.calls.at(-1)).toEqual(["finish", { suspend: true }]);
  });

  test("[PACKAGE] a pass is remembered across sessions: the resumed learner who leaves again ends the attempt", () => {
    const first = recordingTracker();
    const before = createSession(config("quiz", 2), first.tracker);
    before.resume({ location: null, state: null });
    before.shown(0);
    before.answer(0, [[0], [1]], { correct: 2, total: 2, percentage: 100 });
    const saved = first.calls.filter((c) => c[0] === "save").at(-1)![1] as { location: string; state: string };

    const second = recordingTracker();
    const after = createSession(config("quiz", 2), second.tracker);
    after.resume(saved);
    expect(after.quiz(0)).toEqual({ answers: [[0], [1]], submitted: true, passed: true });
    expect(after.isFinished).toBe(true);
    after.finish();
    expect(second.calls.at(-1)).toEqual(["finish", { suspend: false }]);
  });

  test("[PACKAGE] completion=quiz in a course without a quiz completes when every lesson was viewed", () => {
    const { tracker, names } = recordingTracker();
    const session = createSession(config("quiz", 1, null), tracker);
    session.resume({ location: null, state: null });
    session.shown(0);
    expect(names()).toEqual(["save", "complete"]);
  });

  test("[PACKAGE] the state saved for a big course stays within the tracker's limit", () => {
    const { tracker, calls } = recordingTracker(4096);
    const big = config("viewed", 400, 59);
    const session = createSession(big, tracker);
    session.resume({ location: null, state: null });
    for (let i = 0; i < 400; i++) session.shown(i);
    for (let q = 0; q < 60; q++)
      session.answer(
        q,
        Array.from({ length: 30 }, (_, i) => [i % 5, (i + 2) % 7]),
        { correct: 24, total: 30, percentage: 80 },
      );
    const states = calls.flatMap((c) => (c[0] === "save" ? [c[1].state] : []));
    expect(Math.max(...states.map((s) => s.length))).toBeLessThanOrEqual(4096);
    const last = decodeState(states.at(-1)!, 400);
    expect(last.viewed.every(Boolean)).toBe(true);
    expect(last.quizzes[59]?.submitted).toBe(true);
  });
});
