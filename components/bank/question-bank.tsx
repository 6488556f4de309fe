"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { NO_PARAMS } from "@/lib/client/navigation";
import { CategoryPanel } from "./category-panel";
import { FamilyPanel } from "./family-panel";
import { DIFFICULTIES, isQuestionType, QUESTION_TYPES } from "./labels";
import { useCategories, useFamilies, useQuestions, type QuestionFilters } from "./queries";
import { QuestionEditor, type EditorTarget } from "./question-editor";
import { QuestionList } from "./question-list";

/** The filters live in the URL (?category=&family=&type=&difficulty=), so a filtered view can be linked. */
const PARAM = { category_id: "category", question_family_id: "family", question_type: "type", difficulty: "difficulty" } as const;

function filtersFrom(params: URLSearchParams): QuestionFilters {
  const type = params.get(PARAM.question_type);
  const difficulty = Number(params.get(PARAM.difficulty));
  return {
    category_id: params.get(PARAM.category_id) || undefined,
    question_family_id: params.get(PARAM.question_family_id) || undefined,
    question_type: isQuestionType(type) ? type : undefined,
    difficulty: Number.isInteger(difficulty) && difficulty >= 1 && difficulty <= 5 ? difficulty : undefined,
  };
}

const selectClass =
  "block w-full rounded-md border border-slate-300 bg-white py-1.5 pl-2.5 pr-8 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

export function QuestionBank({ projectId }: { projectId: string }) {
  const searchParams = useSearchParams() ?? NO_PARAMS;
  const pathname = usePathname() ?? "";
  const filters = useMemo(() => filtersFrom(new URLSearchParams(searchParams.toString())), [searchParams]);
  const categories = useCategories(projectId);
  const families = useFamilies(projectId);
  const questions = useQuestions(projectId, filters);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  // ?edit=<question id> (item analysis links here) opens that question's editor once it is read.
  const editId = searchParams.get("edit");
  const [openedFromLink, setOpenedFromLink] = useState<string | null>(null);
  const linked = editId && editId !== openedFromLink ? questions.data?.find((q) => q.id === editId) : undefined;
  if (linked) {
    setOpenedFromLink(linked.id);
    setEditor({ mode: "edit", question: linked });
  }

  const categoryNames = useMemo(() => new Map(categories.data?.map((c) => [c.id, c.name])), [categories.data]);
  const familyNames = useMemo(() => new Map(families.data?.map((f) => [f.id, f.name])), [families.data]);
  const hasFilters = Object.values(filters).some((v) => v !== undefined);
  const hasCategories = (categories.data?.length ?? 0) > 0;

  function setFilters(patch: Partial<QuestionFilters>) {
    const next = new URLSearchParams(searchParams.toString());
    for (const [key, value] of Object.entries(patch)) {
      const name = PARAM[key as keyof QuestionFilters];
      if (value === undefined || value === "") next.delete(name);
      else next.set(name, String(value));
    }
    const query = next.toString();
    // Next.js keeps useSearchParams in step with the History API, without a server round trip.
    window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
  }
  const clearFilters = () =>
    setFilters({ category_id: undefined, question_family_id: undefined, question_type: undefined, difficulty: undefined });

  const openCreate = () =>
    setEditor({
      mode: "create",
      defaults: {
        category_id:
          filters.category_id && categoryNames.has(filters.category_id)
            ? filters.category_id
            : categories.data?.length === 1
              ? categories.data[0].id
              : "",
        question_family_id: filters.question_family_id ?? "",
        question_type: filters.question_type,
        difficulty: filters.difficulty ?? 3,
      },
    });

  const count = questions.data?.length ?? 0;

  return (
    // Below md the categories and families stack above the questions.
    <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[17rem_minmax(0,1fr)]">
      <aside className="space-y-4" aria-label="Categories and families">
        <CategoryPanel projectId={projectId} activeId={filters.category_id} onSelect={(id) => setFilters({ category_id: id })} />
        <FamilyPanel
          projectId={projectId}
          activeId={filters.question_family_id}
          onSelect={(id) => setFilters({ question_family_id: id })}
        />
      </aside>

      <section aria-labelledby="questions-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-3">
          <div>
            <h2 id="questions-heading" className="text-base font-semibold">
              Questions
            </h2>
            <p className="text-xs text-slate-500" aria-live="polite">
              {questions.isPending
                ? "Loading…"
                : `${count}${questions.hasNextPage ? "+" : ""} ${count === 1 ? "question" : "questions"}${hasFilters ? " match the filters" : ""}, newest first`}
            </p>
          </div>
          <Button type="button" onClick={openCreate} disabled={!hasCategories} title={hasCategories ? undefined : "Add a category first"}>
            <PlusIcon />
            New question
          </Button>
        </div>

        <div
          role="group"
          aria-label="Filters"
          className="flex flex-wrap items-end gap-3 border-b border-slate-100 bg-slate-50/60 px-4 py-3"
        >
          <label className="block min-w-[10rem] flex-1 space-y-1">
            <span className="text-xs font-medium text-slate-600">Category</span>
            <select
              aria-label="Filter by category"
              value={filters.category_id ?? ""}
              onChange={(e) => setFilters({ category_id: e.target.value || undefined })}
              className={selectClass}
            >
              <option value="">All categories</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block min-w-[9rem] flex-1 space-y-1">
            <span className="text-xs font-medium text-slate-600">Family</span>
            <select
              aria-label="Filter by family"
              value={filters.question_family_id ?? ""}
              onChange={(e) => setFilters({ question_family_id: e.target.value || undefined })}
              className={selectClass}
            >
              <option value="">All families</option>
              {families.data?.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <label className="block min-w-[9rem] flex-1 space-y-1">
            <span className="text-xs font-medium text-slate-600">Type</span>
            <select
              aria-label="Filter by type"
              value={filters.question_type ?? ""}
              onChange={(e) => setFilters({ question_type: isQuestionType(e.target.value) ? e.target.value : undefined })}
              className={selectClass}
            >
              <option value="">All types</option>
              {QUESTION_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </label>
          <label className="block min-w-[8rem] flex-1 space-y-1">
            <span className="text-xs font-medium text-slate-600">Difficulty</span>
            <select
              aria-label="Filter by difficulty"
              value={filters.difficulty ?? ""}
              onChange={(e) => setFilters({ difficulty: e.target.value ? Number(e.target.value) : undefined })}
              className={selectClass}
            >
              <option value="">Any difficulty</option>
              {DIFFICULTIES.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
          {hasFilters ? (
            <Button type="button" variant="ghost" className="px-2.5 py-1.5" onClick={clearFilters}>
              Clear filters
            </Button>
          ) : null}
        </div>

        <QuestionList
          projectId={projectId}
          query={questions}
          categoryNames={categoryNames}
          familyNames={familyNames}
          hasFilters={hasFilters}
          hasCategories={hasCategories}
          onEdit={(question) => setEditor({ mode: "edit", question })}
          onCreate={openCreate}
          onClearFilters={clearFilters}
        />
      </section>

      <QuestionEditor projectId={projectId} target={editor} onClose={() => setEditor(null)} />
    </div>
  );
}
