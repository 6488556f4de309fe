import { describe, expect, it } from "vitest";
import { optionRuleIssues, QuestionCreate, type QuestionTypeValue } from "@/lib/authoring/questions/schemas";
import { changedFields, draftFromQuestion, draftProblems, emptyDraft, newOption, optionRuleProblem } from "./draft";
import type { QuestionDto } from "./queries";

const opt = (is_correct: boolean) => ({ is_correct });
/** `count` options of which the first `correct` are marked correct. */
const options = (count: number, correct: number) => Array.from({ length: count }, (_, i) => opt(i < correct));

// The option rules as the specification states them (course-authoring-service.md, Option rules),
// written out case by case: `server` is what the API answers (null: accepted), `editor` what the
// question editor tells the author. A rule that drifts in either place fails its row.
const TF = "true_false needs exactly 2 options with exactly 1 correct";
const SC = "single_choice needs 2 or more options with exactly 1 correct";
const MC = "multiple_choice needs 2 or more options with 2 or more correct";
const cases: { type: QuestionTypeValue; count: number; correct: number; server: string | null; editor: string | null }[] = [
  { type: "true_false", count: 0, correct: 0, server: TF, editor: "True / false needs exactly 2 options; there are 0." },
  { type: "true_false", count: 1, correct: 1, server: TF, editor: "True / false needs exactly 2 options; there is 1." },
  { type: "true_false", count: 2, correct: 0, server: TF, editor: "Mark which of the two options is correct." },
  { type: "true_false", count: 2, correct: 1, server: null, editor: null },
  { type: "true_false", count: 2, correct: 2, server: TF, editor: "True / false needs exactly 1 correct option; both are marked." },
  { type: "true_false", count: 3, correct: 1, server: TF, editor: "True / false needs exactly 2 options; there are 3." },
  { type: "single_choice", count: 0, correct: 0, server: SC, editor: "Single choice needs at least 2 options." },
  { type: "single_choice", count: 1, correct: 1, server: SC, editor: "Single choice needs at least 2 options." },
  { type: "single_choice", count: 2, correct: 0, server: SC, editor: "Mark the correct option." },
  { type: "single_choice", count: 2, correct: 1, server: null, editor: null },
  { type: "single_choice", count: 4, correct: 1, server: null, editor: null },
  { type: "single_choice", count: 3, correct: 2, server: SC, editor: "Single choice needs exactly 1 correct option; 2 are marked." },
  { type: "single_choice", count: 4, correct: 4, server: SC, editor: "Single choice needs exactly 1 correct option; 4 are marked." },
  { type: "multiple_choice", count: 1, correct: 1, server: MC, editor: "Multiple choice needs at least 2 options." },
  { type: "multiple_choice", count: 2, correct: 0, server: MC, editor: "Multiple choice needs at least 2 correct options; 0 are marked." },
  { type: "multiple_choice", count: 2, correct: 1, server: MC, editor: "Multiple choice needs at least 2 correct options; 1 is marked." },
  { type: "multiple_choice", count: 2, correct: 2, server: null, editor: null },
  { type: "multiple_choice", count: 4, correct: 2, server: null, editor: null },
  { type: "multiple_choice", count: 4, correct: 4, server: null, editor: null },
];

describe("[BANK] the option rules, checked against known cases", () => {
  for (const { type, count, correct, server, editor } of cases) {
    const name = `${type} with ${count} option(s), ${correct} correct`;

    it(`[BANK] the server ${server ? "refuses" : "accepts"} a ${name}`, () => {
      expect(optionRuleIssues(type, options(count, correct))).toBe(server);
      const body = {
        category_id: "00000000-0000-4000-8000-000000000001",
        prompt: "Prompt",
        question_type: type,
        difficulty: 3,
        options: options(count, correct).map((o, i) => ({ label: `Option ${i}`, ...o })),
      };
      const parsed = QuestionCreate.safeParse(body);
      expect(parsed.success).toBe(server === null);
      if (!parsed.success) {
        expect(parsed.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([["options", server]]);
      }
    });

    it(`[BANK] the editor ${editor ? "explains why it cannot save" : "offers to save"} a ${name}`, () => {
      expect(optionRuleProblem(type, options(count, correct))).toBe(editor);
    });
  }
});

describe("[BANK] the question editor's option rules", () => {
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
    expect(draft.options.map((o) => [o.label, o.is_correct])).toEqual([
      ["True", false],
      ["False", false],
    ]);
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
