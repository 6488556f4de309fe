"use client";

import Link from "next/link";
import { useDeferredValue, useMemo, useState } from "react";
import { QUESTION_TYPES, typeLabel } from "@/components/bank/labels";
import { useQuestions, type CategoryDto, type QuestionDto } from "@/components/bank/queries";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import type { QuestionTypeValue } from "@/lib/client/types";

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

/** The bank, searchable and filterable by category, with an Add button per question not yet in the quiz. */
export function QuestionPicker({
  projectId,
  categories,
  selectedIds,
  onAdd,
}: {
  projectId: string;
  categories: CategoryDto[];
  selectedIds: Set<string>;
  onAdd: (question: QuestionDto) => void;
}) {
  const [categoryId, setCategoryId] = useState("");
  const [type, setType] = useState<QuestionTypeValue | "">("");
  const [search, setSearch] = useState("");
  const term = useDeferredValue(search.trim().toLowerCase());
  const bank = useQuestions(projectId, { category_id: categoryId || undefined, question_type: type || undefined });
  const matches = useMemo(
    () =>
      (bank.data ?? []).filter(
        (q) => !term || q.prompt.toLowerCase().includes(term) || q.options.some((o) => o.label.toLowerCase().includes(term)),
      ),
    [bank.data, term],
  );
  const categoryNames = new Map(categories.map((c) => [c.id, c.name]));

  return (
    <section aria-labelledby="picker-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="picker-heading" className="text-base font-semibold">
          Add from the bank
        </h2>
        <p className="text-xs text-slate-500">Added questions go to the end of the quiz.</p>
      </div>
      <div role="search" className="space-y-2 border-b border-slate-100 bg-slate-50/60 px-4 py-3">
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            aria-label="Search the bank"
            placeholder="Search questions"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={`${controlClass} pl-8 pr-2.5`}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <select
            aria-label="Bank category"
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            className={`${controlClass} pl-2.5 pr-8`}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Bank question type"
            value={type}
            onChange={(e) => setType(e.target.value as QuestionTypeValue | "")}
            className={`${controlClass} pl-2.5 pr-8`}
          >
            <option value="">All types</option>
            {QUESTION_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {bank.isPending ? (
        <LoadingPlaceholder className="space-y-3 p-4" label="Loading the bank">
          <div className="h-4 w-4/5 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-3/5 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        </LoadingPlaceholder>
      ) : bank.isError ? (
        <div className="p-4">
          <Alert>Could not load the bank: {bank.error.message}</Alert>
        </div>
      ) : matches.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500">
          {bank.data.length === 0 && !categoryId && !type ? (
            <>
              The bank has no questions yet.{" "}
              <Link href={`/projects/${projectId}/questions`} className="font-medium text-brand-700 hover:underline">
                Write some in the question bank
              </Link>
              .
            </>
          ) : (
            "No questions match."
          )}
        </p>
      ) : (
        <ul aria-label="Bank questions" className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
          {matches.map((q) => {
            const added = selectedIds.has(q.id);
            return (
              <li key={q.id} className="flex items-start gap-3 px-4 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-900">{q.prompt}</p>
                  <p className="text-xs text-slate-500">
                    {typeLabel(q.question_type)} · Difficulty {q.difficulty}
                    {categoryNames.get(q.category_id) ? ` · ${categoryNames.get(q.category_id)}` : ""}
                  </p>
                </div>
                {added ? (
                  <span className="inline-flex shrink-0 items-center gap-1 py-1 text-xs font-medium text-emerald-700">
                    <CheckIcon width={14} height={14} />
                    In quiz
                  </span>
                ) : (
                  <Button
                    type="button"
                    variant="secondary"
                    className="shrink-0 px-2 py-1 text-xs"
                    aria-label={`Add “${q.prompt}”`}
                    onClick={() => onAdd(q)}
                  >
                    <PlusIcon width={14} height={14} />
                    Add
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {bank.hasNextPage ? (
        <div className="border-t border-slate-100 p-2 text-center">
          <Button type="button" variant="ghost" className="text-xs" disabled={bank.isFetchingNextPage} onClick={() => bank.fetchNextPage()}>
            {bank.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
