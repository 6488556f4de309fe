"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { isQuestionRole, questionOptionLabel } from "@/components/blocks/types/question/editor";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingText } from "@/components/ui/loading-placeholder";
import { Modal } from "@/components/ui/modal";
import { QUESTION_ROLE_LABELS } from "@/lib/authoring/blocks/block-content";
import { SelectField } from "./form-controls";
import type { CourseOutlineDto, QuestionDto, QuestionRole, QuizSummaryDto } from "./queries";

type ListState<T> = { data?: T[]; isPending: boolean; isError: boolean; error?: Error | null };

function Footer({ onCancel, submitLabel, disabled }: { onCancel: () => void; submitLabel: string; disabled?: boolean }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A question block needs its question and role before it can exist (BlockCreate). */
export function NewQuestionBlockDialog({
  open,
  projectId,
  bank,
  pending,
  error,
  onCancel,
  onCreate,
}: {
  open: boolean;
  projectId: string;
  bank: ListState<QuestionDto>;
  pending: boolean;
  error?: string;
  onCancel: () => void;
  onCreate: (input: { question_id: string; question_role: QuestionRole }) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const question_id = String(data.get("question_id") ?? "");
    const role = String(data.get("question_role") ?? "practice");
    if (question_id) onCreate({ question_id, question_role: isQuestionRole(role) ? role : "practice" });
  };
  const empty = bank.data?.length === 0;
  return (
    <Modal
      open={open}
      title="Add a question block"
      description="Pick a question from this project's bank."
      onClose={onCancel}
      closeOnBackdrop
    >
      <form onSubmit={submit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {bank.isPending ? (
          <LoadingText>Loading the question bank…</LoadingText>
        ) : bank.isError ? (
          <Alert>Could not load the question bank: {bank.error?.message}</Alert>
        ) : empty ? (
          <Alert tone="info">
            The question bank is empty.{" "}
            <Link className="font-medium underline" href={`/projects/${projectId}/questions`}>
              Write a question
            </Link>{" "}
            first, then add it here.
          </Alert>
        ) : (
          <>
            <SelectField label="Question" name="question_id" defaultValue={bank.data?.[0]?.id}>
              {bank.data?.map((q) => (
                <option key={q.id} value={q.id}>
                  {questionOptionLabel(q)}
                </option>
              ))}
            </SelectField>
            <SelectField label="Role" name="question_role" defaultValue="practice" hint="How the question is used in this lesson.">
              {Object.entries(QUESTION_ROLE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </>
        )}
        <Footer onCancel={onCancel} submitLabel={pending ? "Adding…" : "Add question block"} disabled={pending || !bank.data?.length} />
      </form>
    </Modal>
  );
}

export function NewQuizBlockDialog({
  open,
  projectId,
  quizzes,
  pending,
  error,
  onCancel,
  onCreate,
}: {
  open: boolean;
  projectId: string;
  quizzes: ListState<QuizSummaryDto>;
  pending: boolean;
  error?: string;
  onCancel: () => void;
  onCreate: (input: { quiz_id: string }) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const quiz_id = String(new FormData(e.currentTarget).get("quiz_id") ?? "");
    if (quiz_id) onCreate({ quiz_id });
  };
  return (
    <Modal open={open} title="Add a quiz block" description="Pick one of this project's quizzes." onClose={onCancel} closeOnBackdrop>
      <form onSubmit={submit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {quizzes.isPending ? (
          <LoadingText>Loading quizzes…</LoadingText>
        ) : quizzes.isError ? (
          <Alert>Could not load the quizzes: {quizzes.error?.message}</Alert>
        ) : quizzes.data?.length === 0 ? (
          <Alert tone="info">
            This project has no quizzes yet.{" "}
            <Link className="font-medium underline" href={`/projects/${projectId}/quizzes`}>
              Create a quiz
            </Link>{" "}
            first, then add it here.
          </Alert>
        ) : (
          <SelectField label="Quiz" name="quiz_id" defaultValue={quizzes.data?.[0]?.id}>
            {quizzes.data?.map((q) => (
              <option key={q.id} value={q.id}>
                {q.title} ({q.question_count} {q.question_count === 1 ? "question" : "questions"})
              </option>
            ))}
          </SelectField>
        )}
        <Footer onCancel={onCancel} submitLabel={pending ? "Adding…" : "Add quiz block"} disabled={pending || !quizzes.data?.length} />
      </form>
    </Modal>
  );
}

/** "Move to lesson…": the other lessons of the same course, grouped by module. */
export function MoveBlockDialog({
  open,
  blockLabel,
  currentLessonId,
  course,
  pending,
  error,
  onCancel,
  onMove,
}: {
  open: boolean;
  blockLabel: string;
  currentLessonId: string;
  course: { data?: CourseOutlineDto; isPending: boolean; isError: boolean; error?: Error | null };
  pending: boolean;
  error?: string;
  onCancel: () => void;
  onMove: (lesson: { id: string; title: string }) => void;
}) {
  const [choice, setChoice] = useState<string>();
  const modules = course.data?.modules ?? [];
  const others = modules.flatMap((m) => (m.lessons ?? []).filter((l) => l.id !== currentLessonId));
  const chosen = others.find((l) => l.id === choice);
  return (
    <Modal
      open={open}
      title="Move to another lesson"
      description={`${blockLabel} goes to the end of the lesson you choose.`}
      onClose={onCancel}
      closeOnBackdrop
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) onMove({ id: chosen.id, title: chosen.title });
        }}
      >
        {error ? <Alert>{error}</Alert> : null}
        {course.isPending ? (
          <LoadingText>Loading the course…</LoadingText>
        ) : course.isError ? (
          <Alert>Could not load the course: {course.error?.message}</Alert>
        ) : others.length === 0 ? (
          <Alert tone="info">This course has no other lessons. Add one in the course tree first.</Alert>
        ) : (
          <fieldset className="max-h-80 space-y-3 overflow-y-auto">
            <legend className="sr-only">Lesson</legend>
            {modules.map((m) => (
              <div key={m.id}>
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{m.title}</p>
                {(m.lessons ?? []).length === 0 ? <p className="text-sm text-slate-400">No lessons</p> : null}
                <ul className="space-y-1">
                  {(m.lessons ?? []).map((l) => {
                    const isCurrent = l.id === currentLessonId;
                    return (
                      <li key={l.id}>
                        <label
                          className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm ${
                            isCurrent
                              ? "border-slate-100 text-slate-400"
                              : choice === l.id
                                ? "border-brand-500 bg-brand-50"
                                : "border-slate-200 hover:border-slate-300"
                          }`}
                        >
                          <input
                            type="radio"
                            name="lesson"
                            value={l.id}
                            disabled={isCurrent}
                            checked={choice === l.id}
                            onChange={() => setChoice(l.id)}
                            className="accent-brand-600"
                          />
                          {l.title}
                          {isCurrent ? <span className="ml-auto text-xs">(this lesson)</span> : null}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </fieldset>
        )}
        <Footer onCancel={onCancel} submitLabel={pending ? "Moving…" : "Move block"} disabled={pending || !chosen} />
      </form>
    </Modal>
  );
}
