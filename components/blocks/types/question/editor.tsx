"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { SelectField } from "@/components/lesson-editor/form-controls";
import { useQuestionBank, type QuestionDto, type QuestionRole } from "@/components/lesson-editor/queries";
import { Button } from "@/components/ui/button";
import { QUESTION_ROLE_LABELS } from "@/lib/authoring/blocks/block-content";
import type { ReferenceEditor } from "../editor-kit";

/** Whether a form's value (a select of QUESTION_ROLE_LABELS) names a question role. */
export const isQuestionRole = (value: string): value is QuestionRole => Object.hasOwn(QUESTION_ROLE_LABELS, value);

const QUESTION_TYPE_LABELS: Record<string, string> = {
  single_choice: "single choice",
  multiple_choice: "multiple choice",
  true_false: "true/false",
};
const clip = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function questionOptionLabel(q: QuestionDto) {
  return `${clip(q.prompt)} (${QUESTION_TYPE_LABELS[q.question_type] ?? q.question_type})`;
}

/**
 * A question block's question and role. The question shows as it is; the project's bank (every
 * question with its options: megabytes in a big project) is read only when the author asks to
 * change it, not whenever a lesson holds a question block.
 */
export function QuestionRefForm({
  projectId,
  questionId,
  current,
  role,
  onChange,
}: {
  projectId: string;
  questionId: string;
  /** The question the block shows now; null when it has left the bank. */
  current: QuestionDto | null | undefined;
  role: string;
  onChange: (patch: { question_id?: string; question_role?: QuestionRole }) => void;
}) {
  const [changing, setChanging] = useState(false);
  const bank = useQuestionBank(projectId, changing);
  const select = useRef<HTMLSelectElement>(null);
  // The button that asked for the list is gone: focus moves to the list once it can take it.
  useEffect(() => {
    if (changing && !bank.isPending) select.current?.focus();
  }, [changing, bank.isPending]);
  const inBank = bank.data?.some((q) => q.id === questionId) ?? false;
  const bankLink = (
    <Link href={`/projects/${projectId}/questions`} className="text-brand-600 underline">
      Edit questions in the question bank
    </Link>
  );
  return (
    <div className="space-y-4">
      {changing ? (
        <SelectField
          ref={select}
          label="Question"
          value={questionId}
          disabled={bank.isPending}
          error={bank.isError ? "Could not load the question bank." : undefined}
          hint={bankLink}
          onChange={(e) => onChange({ question_id: e.target.value })}
        >
          {bank.isPending ? <option value={questionId}>Loading questions…</option> : null}
          {!bank.isPending && !inBank ? <option value={questionId}>{NOT_IN_BANK}</option> : null}
          {bank.data?.map((q) => (
            <option key={q.id} value={q.id}>
              {questionOptionLabel(q)}
            </option>
          ))}
        </SelectField>
      ) : (
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-700">Question</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="min-w-0 flex-1 break-words text-sm text-slate-900" data-testid="current-question">
              {current ? questionOptionLabel(current) : NOT_IN_BANK}
            </p>
            <Button type="button" variant="secondary" className="py-1.5" onClick={() => setChanging(true)}>
              Change question…
            </Button>
          </div>
          <p className="text-xs text-slate-500">{bankLink}</p>
        </div>
      )}
      <SelectField
        label="Role"
        value={role}
        onChange={(e) => {
          const value = e.target.value;
          if (isQuestionRole(value)) onChange({ question_role: value });
        }}
      >
        {Object.entries(QUESTION_ROLE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

const NOT_IN_BANK = "(This question is no longer in the bank)";

export const questionEditor: ReferenceEditor = {
  kind: "reference",
  preview: (block, draft, { bank }) => ({
    ...block,
    question_role: draft.question_role ?? block.question_role,
    question:
      draft.question_id === block.question_id ? block.question : (bank.data?.find((q) => q.id === draft.question_id) ?? block.question),
  }),
  form: ({ projectId, draft, preview, onChange }) => (
    <QuestionRefForm
      projectId={projectId}
      questionId={draft.question_id ?? ""}
      current={preview.question}
      role={draft.question_role ?? "practice"}
      onChange={onChange}
    />
  ),
};
