import { describe, expect, it } from "vitest";
import { optionRuleIssues } from "@/lib/authoring/questions/schemas";
import { changedFields, draftFromQuestion, draftProblems, emptyDraft, newOption, optionRuleProblem } from "./draft";
import type { QuestionDto } from "./queries";

const opt = (is_correct: boolean) => ({ is_correct });

describe("[BANK] the question editor's option rules", () => {
  it("agrees with the server's rule for every type and shape", () => {
    for (const type of ["true_false", "single_choice", "multiple_choice"] as const) {
      for (let count = 0; count <= 4; count++) {
        for (let correct = 0; correct <= count; correct++) {
          const options = Array.from({ length: count }, (_, i) => opt(i < correct));
          expect(optionRuleProblem(type, options) === null, `${type} ${count}/${correct}`).toBe(optionRuleIssues(type, options) === null);
        }
      }
    }
  });

  it("says why a single choice with two correct options cannot be saved", () => {
    expect(optionRuleProblem("single_choice", [opt(true), opt(true), opt(false)])).toBe(
      "Single choice needs exactly 1 correct option; 2 are marked.",
    );
    expect(optionRuleProblem("multiple_choice", [opt(true), opt(false)])).toBe(
      "Multiple choice needs at least 2 correct options; 1 is marked.",
    );
  });

  it("prefills True and False for a new true / false question, leaving the answer to the author", () => {
    const draft = emptyDraft({ question_type: "true_false", category_id: "c", prompt: "The sky is blue" });
    expect(draft.options.map((o) => [o.label, o.is_correct])).toEqual([["True", false], ["False", false]]);
    expect(draftProblems(draft).all).toEqual(["Mark which of the two options is correct."]);
    draft.options[0].is_correct = true;
    expect(draftProblems(draft).all).toEqual([]);
  });

  it("lists a missing prompt, category and option text", () => {
    const draft = emptyDraft();
    draft.options = [newOption("A", true), newOption(" ")];
    expect(draftProblems(draft).all).toEqual(["Write the question's prompt.", "Choose a category.", "Option 2 needs text."]);
  });
});

describe("[BANK] editing a question sends only what changed", () => {
  const question: QuestionDto = {
    id: "q1",
    project_id: "p",
    category_id: "c1",
    question_family_id: null,
    prompt: "Pick one",
    question_type: "single_choice",
    difficulty: 2,
    options: [
      { id: "o1", label: "A", sort_order: 0, is_correct: true },
      { id: "o2", label: "B", sort_order: 1, is_correct: false },
    ],
    created_at: "2024-01-01T00:00:00.000Z",
    updated_at: "2024-01-01T00:00:00.000Z",
  };

  it("nothing when nothing changed", () => {
    expect(changedFields(question, draftFromQuestion(question))).toEqual({});
  });

  it("the type and the options, keeping the options' ids", () => {
    const draft = draftFromQuestion(question);
    draft.question_type = "multiple_choice";
    draft.options[1].is_correct = true;
    expect(changedFields(question, draft)).toEqual({
      question_type: "multiple_choice",
      options: [
        { id: "o1", label: "A", is_correct: true },
        { id: "o2", label: "B", is_correct: true },
      ],
    });
  });
});
