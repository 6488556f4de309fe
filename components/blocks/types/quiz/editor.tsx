"use client";

import Link from "next/link";
import { SelectField } from "@/components/lesson-editor/form-controls";
import type { QuizSummaryDto } from "@/components/lesson-editor/queries";
import type { ReferenceEditor } from "../editor-kit";

const clip = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function QuizRefForm({
  projectId,
  quizId,
  quizzes,
  onChange,
}: {
  projectId: string;
  quizId: string;
  quizzes: { data?: QuizSummaryDto[]; isPending: boolean; isError: boolean };
  onChange: (quizId: string) => void;
}) {
  const listed = quizzes.data?.some((q) => q.id === quizId) ?? false;
  return (
    <SelectField
      label="Quiz"
      value={quizId}
      disabled={quizzes.isPending}
      error={quizzes.isError ? "Could not load the quizzes." : undefined}
      hint={
        <Link href={`/projects/${projectId}/quizzes`} className="text-brand-600 underline">
          Edit quizzes
        </Link>
      }
      onChange={(e) => onChange(e.target.value)}
    >
      {quizzes.isPending ? <option value={quizId}>Loading quizzes…</option> : null}
      {!quizzes.isPending && !listed ? <option value={quizId}>(This quiz is no longer available)</option> : null}
      {quizzes.data?.map((q) => (
        <option key={q.id} value={q.id}>
          {clip(q.title)} ({q.question_count} {q.question_count === 1 ? "question" : "questions"})
        </option>
      ))}
    </SelectField>
  );
}

export const quizEditor: ReferenceEditor = {
  kind: "reference",
  preview: (block, draft, { quizzes }) => ({
    ...block,
    quiz:
      draft.quiz_id === block.quiz_id
        ? block.quiz
        : (() => {
            const q = quizzes.data?.find((x) => x.id === draft.quiz_id);
            return q ? { id: q.id, title: q.title } : block.quiz;
          })(),
  }),
  form: ({ projectId, draft, lists, onChange }) => (
    <QuizRefForm projectId={projectId} quizId={draft.quiz_id ?? ""} quizzes={lists.quizzes} onChange={(quiz_id) => onChange({ quiz_id })} />
  ),
};
