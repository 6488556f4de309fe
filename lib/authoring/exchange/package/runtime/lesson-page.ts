// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).
import { scoreAnswer, scoreAttempt, type ScoredOption } from "@/lib/authoring/quizzes/scoring";
import type { KeyedQuestion, LessonData } from "../package-data";
import type { PackageHost, PackageWindow } from "./host";

type Mermaid = {
  initialize(config: Record<string, unknown>): void;
  render(id: string, code: string): Promise<{ svg: string }>;
};

const keyOf = (q: KeyedQuestion): ScoredOption[] => q.options.map((o) => ({ id: o.id, isCorrect: o.is_correct }));

/** The option ids chosen in a fieldset, in the options' order. */
const chosen = (fieldset: Element) => [...fieldset.querySelectorAll<HTMLInputElement>("input:checked")].map((i) => i.value);

/** The shell's offer, when this page is shown in it (the package's index.html); null on its own. */
function findHost(): PackageHost | null {
  try {
    return window.parent !== window ? ((window.parent as PackageWindow).coursePackage ?? null) : null;
  } catch {
    return null;
  }
}

function practice(form: HTMLFormElement, data: LessonData) {
  const question = data.questions[form.dataset.practice ?? ""];
  const fieldset = form.querySelector("fieldset")!;
  const status = form.querySelector<HTMLElement>("[role=status]")!;
  const clear = () => {
    status.textContent = "";
    for (const label of form.querySelectorAll<HTMLElement>("[data-option-id]")) delete label.dataset.correct;
  };
  form.addEventListener("change", clear);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!question) return;
    const result = scoreAnswer(keyOf(question), chosen(fieldset));
    status.textContent = result.is_correct ? "Correct" : "Not quite";
    status.className = `text-sm font-medium ${result.is_correct ? "text-emerald-800" : "text-red-700"}`;
    // The right answers are shown once checked, as the app's practice questions do.
    for (const label of form.querySelectorAll<HTMLElement>("[data-option-id]")) {
      if (result.correct_option_ids.includes(label.dataset.optionId!)) label.dataset.correct = "true";
    }
  });
}

function quiz(form: HTMLFormElement, data: LessonData, host: PackageHost | null) {
  const index = Number(form.dataset.quizIndex);
  const questions = (form.dataset.questionIds ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => data.questions[id])
    .filter((q): q is KeyedQuestion => !!q);
  const fieldsets = questions.map((q) => form.querySelector(`fieldset[data-question-id="${CSS.escape(q.id)}"]`)!);
  const status = form.querySelector<HTMLElement>("[role=status]")!;
  const passing = form.dataset.passingScore === undefined ? null : Number(form.dataset.passingScore);

  const answers = () => questions.map((q, i) => chosen(fieldsets[i]));
  const asIndexes = () => answers().map((ids, i) => ids.map((id) => questions[i].options.findIndex((o) => o.id === id)));
  const showResult = () => {
    const attempt = scoreAttempt(
      questions.map((q) => ({ id: q.id, options: keyOf(q) })),
      answers().flatMap((ids, i) => (ids.length ? [{ question_id: questions[i].id, selected_option_ids: ids }] : [])),
    );
    const verdict = passing === null ? "" : attempt.percentage >= passing ? " Passed" : " Not passed";
    status.textContent = `You scored ${attempt.scoreCorrect} of ${attempt.scoreTotal} (${Math.round(attempt.percentage)}%).${verdict}`;
    return { correct: attempt.scoreCorrect, total: attempt.scoreTotal, percentage: attempt.percentage };
  };

  const saved = host?.quiz(index);
  if (saved) {
    saved.answers.forEach((indexes, i) => {
      for (const o of indexes) {
        const input = fieldsets[i]?.querySelectorAll<HTMLInputElement>("input")[o];
        if (input) input.checked = true;
      }
    });
    if (saved.submitted) showResult();
  }
  form.addEventListener("change", () => {
    status.textContent = "";
    host?.answer(index, asIndexes());
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    host?.answer(index, asIndexes(), showResult());
  });
}

let diagrams = 0;

/** Diagrams drawn by the bundled Mermaid, set up as the app sets it up (strict: no script from diagram code). */
async function drawDiagrams() {
  const targets = [...document.querySelectorAll<HTMLElement>("[data-mermaid-code]")];
  if (!targets.length) return;
  // The bundled Mermaid (assets/mermaid.min.js, on pages with a diagram) sets window.mermaid.
  const mermaid = (window as Window & { mermaid?: Mermaid }).mermaid;
  mermaid?.initialize({ startOnLoad: false, securityLevel: "strict", suppressErrorRendering: true });
  for (const target of targets) {
    try {
      if (!mermaid) throw new Error("Mermaid is not loaded");
      const { svg } = await mermaid.render(`package-diagram-${++diagrams}`, target.dataset.mermaidCode ?? "");
      target.innerHTML = svg;
      target.setAttribute("role", "img");
      target.setAttribute("aria-label", target.dataset.label ?? "Diagram");
    } catch {
      target.textContent = "This diagram could not be shown.";
    }
  }
}

/** A lesson page: practice checks, quizzes scored in place (reported to the shell), diagrams. */
export function startLessonPage() {
  const data = JSON.parse(document.getElementById("lesson-data")?.textContent || "{}") as LessonData;
  data.questions ??= {};
  const host = findHost();
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-practice]")) practice(form, data);
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-quiz-index]")) quiz(form, data, host);
  void drawDiagrams();
}
