import { describe, expect, it } from "vitest";
import { foreignOptionIndexes, scoreAnswer, scoreAttempt } from "./scoring";

// A multiple-choice question whose correct set is {a, c}; a single-choice one whose is {x}.
const multiple = [
  { id: "a", isCorrect: true },
  { id: "b", isCorrect: false },
  { id: "c", isCorrect: true },
];
const single = [
  { id: "x", isCorrect: true },
  { id: "y", isCorrect: false },
];

describe("[QUIZ ATTEMPTS] scoreAnswer", () => {
  it("scores 1 when the selection is exactly the correct set, in any order", () => {
    expect(scoreAnswer(multiple, ["a", "c"])).toEqual({
      is_correct: true,
      selected_option_ids: ["a", "c"],
      correct_option_ids: ["a", "c"],
    });
    expect(scoreAnswer(multiple, ["c", "a"]).is_correct).toBe(true);
  });

  it("counts an option chosen twice once", () => {
    expect(scoreAnswer(multiple, ["a", "c", "a"])).toEqual({
      is_correct: true,
      selected_option_ids: ["a", "c"],
      correct_option_ids: ["a", "c"],
    });
  });

  it("scores 0 for a subset of the correct set", () => {
    expect(scoreAnswer(multiple, ["a"]).is_correct).toBe(false);
  });

  it("scores 0 for a superset of the correct set", () => {
    expect(scoreAnswer(multiple, ["a", "b", "c"]).is_correct).toBe(false);
  });

  it("scores 0 for a wrong option of the same size", () => {
    expect(scoreAnswer(single, ["y"]).is_correct).toBe(false);
    expect(scoreAnswer(single, ["x"]).is_correct).toBe(true);
  });

  it("scores 0 for an empty selection, and reveals the correct options", () => {
    expect(scoreAnswer(multiple, [])).toEqual({ is_correct: false, selected_option_ids: [], correct_option_ids: ["a", "c"] });
  });

  it("scores 0 for a question not answered, even one with no correct option", () => {
    expect(scoreAnswer(multiple, undefined)).toEqual({ is_correct: false, selected_option_ids: [], correct_option_ids: ["a", "c"] });
    const noneCorrect = [{ id: "n", isCorrect: false }];
    expect(scoreAnswer(noneCorrect, undefined).is_correct).toBe(false);
    expect(scoreAnswer(noneCorrect, []).is_correct).toBe(true);
  });
});

describe("[QUIZ ATTEMPTS] scoreAttempt", () => {
  it("scores every question of the quiz in quiz order; unanswered ones score 0", () => {
    const score = scoreAttempt(
      [
        { id: "q1", options: multiple },
        { id: "q2", options: single },
        { id: "q3", options: single },
      ],
      [
        { question_id: "q2", selected_option_ids: ["x"] },
        { question_id: "q1", selected_option_ids: ["a"] },
      ],
    );
    expect(score.results).toEqual([
      { question_id: "q1", is_correct: false, selected_option_ids: ["a"], correct_option_ids: ["a", "c"] },
      { question_id: "q2", is_correct: true, selected_option_ids: ["x"], correct_option_ids: ["x"] },
      { question_id: "q3", is_correct: false, selected_option_ids: [], correct_option_ids: ["x"] },
    ]);
    expect(score).toMatchObject({ scoreCorrect: 1, scoreTotal: 3 });
    expect(score.percentage).toBeCloseTo(100 / 3);
  });

  it("gives an empty quiz 0 of 0 and 0 percent", () => {
    expect(scoreAttempt([], [])).toEqual({ results: [], scoreCorrect: 0, scoreTotal: 0, percentage: 0 });
  });
});

describe("[QUIZ ATTEMPTS] foreignOptionIndexes", () => {
  it("names the positions of ids that are not options of the question", () => {
    expect(foreignOptionIndexes(multiple, ["a", "x", "c", "zz"])).toEqual([1, 3]);
    expect(foreignOptionIndexes(multiple, ["a", "b"])).toEqual([]);
    expect(foreignOptionIndexes(multiple, [])).toEqual([]);
  });
});
