"use client";

import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { splitApiError } from "@/components/bank/errors";
import { useCategories, type QuestionDto } from "@/components/bank/queries";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { baseOf, type BaseVersion } from "@/components/conflicts/save-on-version";
import { useConflictChoice } from "@/components/conflicts/use-conflict-choice";
import { QuizPlayer, type QuizPlayerMode } from "@/components/quiz/quiz-player";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { EyeIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { Modal } from "@/components/ui/modal";
import { quizKeys } from "@/lib/client/query-keys";
import { questionIdsOf, usePreviewQuiz, useQuiz, useRenameQuiz, useSaveQuizQuestions, useSetPassMark, type QuizDetailDto } from "./queries";
import { QuestionPicker } from "./question-picker";
import { SortableQuestions } from "./sortable-questions";

const titleOf = (quiz: QuizDetailDto) => quiz.title;

/** Questions as the conflict dialog shows them: one numbered prompt a line. */
const listed = (questions: { prompt: string }[]) =>
  questions.length ? questions.map((q, i) => `${i + 1}. ${q.prompt}`).join("\n") : "No questions";

type TitleConflict = { theirs: QuizDetailDto; mine: string };
type ListConflict = { theirs: QuizDetailDto; mine: QuestionDto[] };

/** The quiz's title, saved on the version it was typed over; a title saved elsewhere meanwhile asks which to keep. */
function TitleForm({ quiz }: { quiz: QuizDetailDto }) {
  // Its own If-Match save runs in the mutation (useRenameQuiz); the base is state, for the form's Save button.
  const rename = useRenameQuiz(quiz);
  const client = useQueryClient();
  const [base, setBase] = useState(() => baseOf(quiz, titleOf));
  const [title, setTitle] = useState(quiz.title);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const choice = useConflictChoice<TitleConflict>({
    rebase: (theirs) => setBase(baseOf(theirs, titleOf)),
    keepMine: ({ theirs, mine }) => void save(mine, baseOf(theirs, titleOf)),
    takeTheirs: ({ theirs, mine }) => {
      setTitle(theirs.title);
      client.setQueryData<QuizDetailDto>(quizKeys.detail(quiz.id), (old) =>
        old ? { ...old, title: theirs.title, updated_at: theirs.updated_at } : old,
      );
      return { message: "The title now has the other version.", undo: () => (setTitle(mine), setSaved(false)) };
    },
    onDismiss: () => setError("Not saved: the title was changed elsewhere. Save again to choose which one to keep."),
  });
  const changed = title.trim() !== base.value;
  // A title read anew replaces the field's text only while the author has not typed over it.
  if (quiz.title !== base.value && title === base.value && !choice.conflict && !rename.isPending) {
    setBase(baseOf(quiz, titleOf));
    setTitle(quiz.title);
  }

  async function save(value: string, on: BaseVersion<string>) {
    try {
      const result = await rename.mutateAsync({ title: value, base: on });
      if (result.outcome === "conflict") return choice.open({ theirs: result.item, mine: value });
      setBase(baseOf(result.item, titleOf));
      setSaved(true);
    } catch (e) {
      const split = splitApiError(e, ["title"]);
      setError(split.fieldErrors.title ?? split.formError);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError("A quiz needs a title.");
    await save(title.trim(), base);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex items-end gap-2">
      <div className="flex-1">
        <Field
          label="Quiz title"
          value={title}
          maxLength={200}
          error={error}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(undefined);
            setSaved(false);
          }}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={!changed || rename.isPending}>
        {rename.isPending ? "Saving…" : "Save title"}
      </Button>
      <span role="status" className="sr-only">
        {saved ? "Title saved." : ""}
      </span>
      <ConflictChoiceDialog
        choice={choice}
        describe={({ theirs, mine }) => ({ itemLabel: "The quiz title", theirs: theirs.title, mine })}
      />
    </form>
  );
}

const passMarkOf = (quiz: QuizDetailDto) => quiz.pass_percentage;

/**
 * The quiz's pass mark: an attempt at or above it passes (docs/decisions/066). Saved on the version it was set over; one saved elsewhere meanwhile is shown, and
 * saving again keeps this one.
 */
function PassMarkForm({ quiz }: { quiz: QuizDetailDto }) {
  const setPassMark = useSetPassMark(quiz);
  const [base, setBase] = useState(() => baseOf(quiz, passMarkOf));
  const [value, setValue] = useState(String(quiz.pass_percentage));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const typed = value.trim() === "" ? NaN : Number(value);
  const changed = typed !== base.value;
  // A mark read anew replaces the field's value only while the author has not typed over it.
  if (quiz.pass_percentage !== base.value && value === String(base.value) && !setPassMark.isPending) {
    setBase(baseOf(quiz, passMarkOf));
    setValue(String(quiz.pass_percentage));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!Number.isInteger(typed) || typed < 0 || typed > 100) return setError("A whole number from 0 to 100.");
    try {
      const result = await setPassMark.mutateAsync({ passPercentage: typed, base });
      setBase(baseOf(result.item, passMarkOf));
      if (result.outcome === "conflict") {
        setError(`Not saved: someone set the pass mark to ${result.item.pass_percentage}% meanwhile. Save again to keep ${typed}%.`);
        return;
      }
      setSaved(true);
    } catch (e) {
      const split = splitApiError(e, ["pass_percentage"]);
      setError(split.fieldErrors.pass_percentage ?? split.formError);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex items-end gap-2">
      <div className="w-40">
        <Field
          label="Pass mark (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
            setSaved(false);
          }}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={!changed || setPassMark.isPending}>
        {setPassMark.isPending ? "Saving…" : "Save pass mark"}
      </Button>
      <span role="status" className="sr-only">
        {saved ? "Pass mark saved." : ""}
      </span>
    </form>
  );
}

function Preview({ quiz, open, onClose }: { quiz: QuizDetailDto; open: boolean; onClose: () => void }) {
  const submit = usePreviewQuiz(quiz.id);
  const [mode, setMode] = useState<QuizPlayerMode>("one-at-a-time");
  // The player gets what a learner gets: no answer key.
  const questions = quiz.questions.map((q) => ({
    id: q.id,
    prompt: q.prompt,
    question_type: q.question_type,
    options: q.options.map((o) => ({ id: o.id, label: o.label, sort_order: o.sort_order })),
  }));
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="wide"
      title="Preview"
      description="The quiz as learners take it, scored as theirs are. Nothing you answer here is recorded."
    >
      <div className="space-y-4">
        <fieldset className="flex items-center gap-3 text-sm">
          <legend className="sr-only">Layout</legend>
          <span className="text-slate-600">Layout:</span>
          {(
            [
              ["one-at-a-time", "One question at a time"],
              ["all", "All on one page"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="preview-mode"
                checked={mode === value}
                onChange={() => setMode(value)}
                className="accent-brand-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <QuizPlayer key={mode} title={quiz.title} questions={questions} mode={mode} onSubmit={(answers) => submit.mutateAsync(answers)} />
      </div>
    </Modal>
  );
}

/** One quiz: its title, its questions in order (drag to reorder), the bank to add from, and a preview. */
export function QuizEditor({ projectId, quizId }: { projectId: string; quizId: string }) {
  const quiz = useQuiz(quizId);
  const categories = useCategories(projectId);
  const [refusal, setRefusal] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const client = useQueryClient();
  const saving = useIsMutating({ mutationKey: ["quiz-questions", quizId] }) > 0;
  const { mutation: save, baseRef } = useSaveQuizQuestions(
    { id: quizId, project_id: projectId },
    (error, change) => setRefusal(`Could not save ${change} (${error.message.replace(/\.$/, "")}), so the change was undone.`),
    askAboutList,
  );

  // The list's If-Match saves run in the mutation (useSaveQuizQuestions), which keeps its base.
  const list = useConflictChoice<ListConflict>({
    rebase: (theirs) => {
      baseRef.current = baseOf(theirs, questionIdsOf);
    },
    keepMine: ({ mine }) => commit(mine, "your questions", ""),
    takeTheirs: ({ theirs, mine }) => {
      client.setQueryData(quizKeys.detail(quizId), theirs);
      return { message: "The quiz now has the other list of questions.", undo: () => commit(mine, "your questions", "") };
    },
    // The author's list stays on the screen, unsaved; their next change asks again.
    onDismiss: () =>
      setRefusal("Your questions are not saved: the quiz was changed elsewhere. Change the list again to choose which version to keep."),
  });

  function askAboutList(theirs: QuizDetailDto, mine: QuestionDto[]) {
    list.open({ theirs, mine });
  }

  function commit(next: QuestionDto[], change: string, said: string) {
    setRefusal(undefined);
    setAnnouncement(said);
    save.mutate({ questions: next, change });
  }

  const categoryNames = useMemo(() => new Map(categories.data?.map((c) => [c.id, c.name])), [categories.data]);
  // The list as the page first read it is what the first change is made on; each save or choice moves it on.
  useEffect(() => {
    if (quiz.data && !baseRef.current) baseRef.current = baseOf(quiz.data, questionIdsOf);
  }, [quiz.data, baseRef]);

  if (quiz.isPending)
    return (
      <LoadingPlaceholder className="space-y-4" label="Loading the quiz">
        <div className="h-10 w-1/2 animate-pulse rounded bg-slate-100" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
          <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
        </div>
      </LoadingPlaceholder>
    );
  if (quiz.isError || quiz.data.project_id !== projectId)
    return (
      <div className="space-y-3">
        <Alert>{quiz.isError ? `Could not load the quiz: ${quiz.error.message}` : "This quiz is not part of this project."}</Alert>
        <Link href={`/projects/${projectId}/quizzes`} className="text-sm font-medium text-brand-700 hover:underline">
          ← All quizzes
        </Link>
      </div>
    );

  const data = quiz.data;
  const questions = data.questions;
  const selectedIds = new Set(questions.map((q) => q.id));

  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-4">
        <Link href={`/projects/${projectId}/quizzes`} className="text-sm font-medium text-slate-600 hover:text-brand-700">
          ← All quizzes
        </Link>
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-500" aria-live="polite">
            {saving ? "Saving…" : refusal ? "" : "All changes saved"}
          </span>
          <Button
            type="button"
            onClick={() => setPreviewing(true)}
            disabled={questions.length === 0}
            title={questions.length === 0 ? "Add questions to preview the quiz" : undefined}
          >
            <EyeIcon />
            Preview
          </Button>
        </div>
      </div>

      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <TitleForm quiz={data} />
        <PassMarkForm quiz={data} />
        <p className="text-xs text-slate-600">An attempt scoring at or above the pass mark passes the quiz.</p>
      </div>

      {refusal ? (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert>{refusal}</Alert>
          </div>
          <Button type="button" variant="ghost" onClick={() => setRefusal(undefined)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {/* Below lg the bank stacks under the quiz's questions. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="quiz-questions-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <div className="border-b border-slate-200 px-4 py-3">
            <div className="flex items-baseline justify-between gap-3">
              <h2 id="quiz-questions-heading" className="text-base font-semibold">
                Questions in this quiz
              </h2>
              <span className="text-xs tabular-nums text-slate-500">
                {questions.length} {questions.length === 1 ? "question" : "questions"}
              </span>
            </div>
            {questions.length > 1 ? (
              <p className="text-xs text-slate-500">Drag a handle to reorder, or focus it and use Space and the arrow keys.</p>
            ) : null}
          </div>
          {questions.length === 0 ? (
            <div className="px-6 py-12 text-center">
              <p className="font-medium text-slate-800">No questions yet</p>
              <p className="mt-1 text-sm text-slate-500">Add questions from the bank on the right; then drag them into order.</p>
            </div>
          ) : (
            <SortableQuestions
              questions={questions}
              categoryNames={categoryNames}
              onReorder={(next) => commit(next, "the new order", "")}
              onRemove={(q) =>
                commit(
                  questions.filter((x) => x.id !== q.id),
                  `the removal of “${q.prompt}”`,
                  `Removed “${q.prompt}” from the quiz.`,
                )
              }
            />
          )}
        </section>

        <QuestionPicker
          projectId={projectId}
          categories={categories.data ?? []}
          selectedIds={selectedIds}
          onAdd={(q) => commit([...questions, q], `“${q.prompt}”`, `Added “${q.prompt}” as question ${questions.length + 1}.`)}
        />
      </div>

      <Preview quiz={data} open={previewing} onClose={() => setPreviewing(false)} />
      <ConflictChoiceDialog
        choice={list}
        describe={({ theirs, mine }) => ({ itemLabel: "The quiz’s question list", theirs: listed(theirs.questions), mine: listed(mine) })}
      />
    </div>
  );
}
