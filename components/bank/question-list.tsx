"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { CheckIcon, PencilIcon, TrashIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { iconButton } from "./category-panel";
import { errorMessage } from "./errors";
import { dateFormat, typeLabel } from "./labels";
import { useQuestionMutations, useRestoreFromTrash, type QuestionDto } from "./queries";

export function TypeBadge({ type }: { type: QuestionDto["question_type"] }) {
  const tone = {
    true_false: "bg-amber-50 text-amber-800 ring-amber-200",
    single_choice: "bg-sky-50 text-sky-800 ring-sky-200",
    multiple_choice: "bg-violet-50 text-violet-800 ring-violet-200",
  }[type];
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>
      {typeLabel(type)}
    </span>
  );
}

export function DifficultyMeter({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-600" title={`Difficulty ${value} of 5`}>
      <span aria-hidden className="flex gap-0.5">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={`h-2.5 w-1.5 rounded-sm ${n <= value ? "bg-slate-600" : "bg-slate-200"}`} />
        ))}
      </span>
      Difficulty {value}
    </span>
  );
}

export function QuestionListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <LoadingPlaceholder label="Loading questions" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-2 px-4 py-4">
          <div className="h-4 w-3/5 animate-pulse rounded bg-slate-100" />
          <div className="flex gap-2">
            <div className="h-5 w-24 animate-pulse rounded-full bg-slate-100" />
            <div className="h-5 w-20 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </LoadingPlaceholder>
  );
}

function QuestionRow({
  question,
  categoryName,
  familyName,
  onEdit,
  onDelete,
  deleting,
}: {
  question: QuestionDto;
  categoryName?: string;
  familyName?: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <li className="group px-4 py-3.5 hover:bg-slate-50/70">
      {/* On a phone the actions go under the question, which keeps the full width. */}
      <article
        aria-labelledby={`question-${question.id}`}
        className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
      >
        <div className="min-w-0 flex-1 space-y-2">
          <p id={`question-${question.id}`} className="font-medium wrap-anywhere text-slate-900">
            {question.prompt}
          </p>
          <ul aria-label="Options" className="flex flex-wrap gap-1.5">
            {question.options.map((o) => (
              <li
                key={o.id}
                className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs ${
                  o.is_correct
                    ? "bg-emerald-50 font-medium text-emerald-800 ring-1 ring-inset ring-emerald-200"
                    : "bg-slate-100 text-slate-600"
                }`}
              >
                {o.is_correct ? <CheckIcon width={12} height={12} /> : null}
                {o.label}
                {o.is_correct ? <span className="sr-only"> (correct)</span> : null}
              </li>
            ))}
          </ul>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <TypeBadge type={question.question_type} />
            <DifficultyMeter value={question.difficulty} />
            {categoryName ? <span>{categoryName}</span> : null}
            {familyName ? <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">Family: {familyName}</span> : null}
            <span>Added {dateFormat.format(new Date(question.created_at))}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-1 self-end sm:self-auto">
          <Button type="button" variant="secondary" className="px-2.5 py-1.5" onClick={onEdit} aria-label={`Edit “${question.prompt}”`}>
            <PencilIcon width={14} height={14} />
            Edit
          </Button>
          <button
            type="button"
            className={`${iconButton} hover:text-red-700`}
            aria-label={`Delete “${question.prompt}”`}
            disabled={deleting}
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        </div>
      </article>
    </li>
  );
}

export function QuestionList({
  projectId,
  query,
  categoryNames,
  familyNames,
  hasFilters,
  hasCategories,
  onEdit,
  onCreate,
  onClearFilters,
}: {
  projectId: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data?: QuestionDto[];
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    refetch: () => unknown;
  };
  categoryNames: Map<string, string>;
  familyNames: Map<string, string>;
  hasFilters: boolean;
  hasCategories: boolean;
  onEdit: (question: QuestionDto) => void;
  onCreate: () => void;
  onClearFilters: () => void;
}) {
  const { remove } = useQuestionMutations(projectId);
  const restore = useRestoreFromTrash(projectId);
  const toast = useToast();
  const confirm = useConfirm();

  async function onDelete(question: QuestionDto) {
    const body = "Quizzes that use it stop showing it until it is restored.";
    if (!(await confirm({ title: `Move “${question.prompt}” to the trash?`, body, confirmLabel: "Move to trash", tone: "danger" }))) return;
    remove.mutate(question.id, {
      onSuccess: () =>
        toast.show("Question moved to the trash.", {
          action: { label: "Undo", run: () => restore.mutate({ kind: "question", id: question.id }) },
        }),
      onError: (e) => toast.show(`Could not delete the question: ${errorMessage(e)}`, { tone: "error" }),
    });
  }

  if (query.isPending) return <QuestionListSkeleton />;
  if (query.isError)
    return (
      <div className="space-y-3 p-4">
        <Alert>Could not load the questions: {query.error?.message}</Alert>
        <Button type="button" variant="secondary" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  const questions = query.data ?? [];
  if (questions.length === 0)
    return hasFilters ? (
      <div className="px-6 py-12 text-center">
        <p className="font-medium text-slate-800">No questions match these filters.</p>
        <Button type="button" variant="secondary" className="mt-4" onClick={onClearFilters}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="px-6 py-14 text-center">
        <p className="font-medium text-slate-800">The question bank is empty</p>
        <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">
          {hasCategories
            ? "Write questions once and reuse them in quizzes and lessons."
            : "Questions are grouped in categories. Add a category on the left, then write your first question."}
        </p>
        {hasCategories ? (
          <Button type="button" className="mt-4" onClick={onCreate}>
            Write the first question
          </Button>
        ) : null}
      </div>
    );

  return (
    <>
      <ul aria-label="Questions" className="divide-y divide-slate-100">
        {questions.map((q) => (
          <QuestionRow
            key={q.id}
            question={q}
            categoryName={categoryNames.get(q.category_id)}
            familyName={q.question_family_id ? familyNames.get(q.question_family_id) : undefined}
            onEdit={() => onEdit(q)}
            onDelete={() => onDelete(q)}
            deleting={remove.isPending && remove.variables === q.id}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="border-t border-slate-100 p-3 text-center">
          <Button type="button" variant="secondary" disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            {query.isFetchingNextPage ? "Loading…" : "Load more questions"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
