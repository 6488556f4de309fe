"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { baseOf } from "@/components/conflicts/save-on-version";
import { useVersionedSave } from "@/components/conflicts/use-versioned-save";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { CheckIcon, PencilIcon, PlusIcon, TrashIcon, XIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { categoryKeys } from "@/lib/client/query-keys";
import { errorMessage } from "./errors";
import { useCategories, useCategoryMutations, useRestoreFromTrash, type CategoryDto } from "./queries";

const inputClass =
  "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

export const iconButton =
  "rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-40 focus-visible:text-slate-700";

const nameOf = (category: CategoryDto) => category.name;

/** Renames on the version the name was typed over; a name saved elsewhere meanwhile asks which to keep (docs/decisions/011). */
function RenameCategory({ category, projectId, onDone }: { category: CategoryDto; projectId: string; onDone: () => void }) {
  const { rename } = useCategoryMutations(projectId);
  const client = useQueryClient();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string>();
  const saving = useVersionedSave<CategoryDto, string>({
    initialBase: () => baseOf(category, nameOf),
    partOf: nameOf,
    send: (value, ifMatch) => rename.mutateAsync({ id: category.id, name: value, ifMatch }),
    keepMine: ({ mine }) => void save(mine),
    // The form closes on the list, which shows their name; Undo saves mine on it.
    takeTheirs: ({ theirs, mine }) => {
      onDone();
      void client.invalidateQueries({ queryKey: categoryKeys.ofProject(projectId) });
      return {
        message: `The category keeps the other name, “${theirs.name}”.`,
        undo: () => saving.saveOrToast(mine, `“${mine}” was not saved: the category was changed again elsewhere.`),
      };
    },
    onDismiss: () => setError("Not saved: the category was renamed elsewhere. Save again to choose which name to keep."),
  });

  async function save(value: string) {
    try {
      const result = await saving.save(value);
      if (result.outcome !== "conflict") onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError("A category needs a name.");
    if (trimmed === saving.currentBase().value) return onDone();
    await save(trimmed);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-1 px-3 py-2" noValidate>
      <div className="flex items-center gap-1">
        <input
          autoFocus
          aria-label={`New name for ${category.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `rename-${category.id}-error` : undefined}
          value={name}
          maxLength={120}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              onDone();
            }
          }}
          className={inputClass}
        />
        <button type="submit" className={iconButton} aria-label="Save name" disabled={rename.isPending}>
          <CheckIcon />
        </button>
        <button type="button" className={iconButton} aria-label="Cancel renaming" onClick={onDone}>
          <XIcon />
        </button>
      </div>
      {error ? (
        <p id={`rename-${category.id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <ConflictChoiceDialog
        choice={saving}
        describe={({ theirs, mine, base }) => ({ itemLabel: `The name of the category “${base.value}”`, theirs: theirs.name, mine })}
      />
    </form>
  );
}

/** The project's categories: every question sits in one. Clicking a name filters the list. */
export function CategoryPanel({
  projectId,
  activeId,
  onSelect,
}: {
  projectId: string;
  activeId?: string;
  onSelect: (id: string | undefined) => void;
}) {
  const categories = useCategories(projectId);
  const { create, remove } = useCategoryMutations(projectId);
  const restore = useRestoreFromTrash(projectId);
  const toast = useToast();
  const confirm = useConfirm();
  const [name, setName] = useState("");
  const [createError, setCreateError] = useState<string>();
  const [renaming, setRenaming] = useState<string>();

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setCreateError("Give the category a name.");
    try {
      await create.mutateAsync(trimmed);
      setName("");
      setCreateError(undefined);
    } catch (e) {
      setCreateError(errorMessage(e));
    }
  }

  async function onDelete(category: CategoryDto) {
    const body = "Its questions go to the trash with it.";
    if (!(await confirm({ title: `Delete the category “${category.name}”?`, body, confirmLabel: "Delete", tone: "danger" }))) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        if (activeId === category.id) onSelect(undefined);
        toast.show(`Category “${category.name}” and its questions moved to the trash.`, {
          action: { label: "Undo", run: () => restore.mutate({ kind: "category", id: category.id }) },
        });
      },
      onError: (e) => toast.show(`Could not delete “${category.name}”: ${errorMessage(e)}`, { tone: "error" }),
    });
  }

  return (
    <section aria-labelledby="categories-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-3 py-2.5">
        <h2 id="categories-heading" className="text-sm font-semibold">
          Categories
        </h2>
      </div>
      <form onSubmit={onCreate} className="space-y-1 border-b border-slate-100 p-3" noValidate>
        <label htmlFor="new-category" className="sr-only">
          New category name
        </label>
        <div className="flex gap-1.5">
          <input
            id="new-category"
            value={name}
            maxLength={120}
            placeholder="New category"
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? "new-category-error" : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setCreateError(undefined);
            }}
            className={inputClass}
          />
          <Button type="submit" variant="secondary" className="shrink-0 px-2.5 py-1.5" disabled={create.isPending}>
            <PlusIcon />
            Add
          </Button>
        </div>
        {createError ? (
          <p id="new-category-error" className="text-xs text-red-700">
            {createError}
          </p>
        ) : null}
      </form>

      {categories.isPending ? (
        <LoadingPlaceholder className="space-y-2 p-3" label="Loading categories">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        </LoadingPlaceholder>
      ) : categories.isError ? (
        <div className="p-3">
          <Alert>Could not load categories: {categories.error.message}</Alert>
        </div>
      ) : categories.data.length === 0 ? (
        <p className="p-3 text-sm text-slate-500">No categories yet. Every question belongs to one: add the first above.</p>
      ) : (
        <ul aria-label="Categories" className="max-h-80 overflow-y-auto py-1">
          <li>
            <button
              type="button"
              onClick={() => onSelect(undefined)}
              aria-pressed={!activeId}
              className={`w-full px-3 py-1.5 text-left text-sm ${!activeId ? "bg-brand-50 font-medium text-brand-700" : "text-slate-600 hover:bg-slate-50"}`}
            >
              All categories
            </button>
          </li>
          {categories.data.map((category) =>
            renaming === category.id ? (
              <li key={category.id}>
                <RenameCategory category={category} projectId={projectId} onDone={() => setRenaming(undefined)} />
              </li>
            ) : (
              <li key={category.id} className={`group flex items-center ${activeId === category.id ? "bg-brand-50" : "hover:bg-slate-50"}`}>
                <button
                  type="button"
                  onClick={() => onSelect(category.id)}
                  aria-pressed={activeId === category.id}
                  title={`Show questions in ${category.name}`}
                  className={`min-w-0 flex-1 truncate px-3 py-1.5 text-left text-sm ${
                    activeId === category.id ? "font-medium text-brand-700" : "text-slate-700"
                  }`}
                >
                  {category.name}
                </button>
                <span className="flex shrink-0 pr-1.5 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Rename ${category.name}`}
                    onClick={() => setRenaming(category.id)}
                  >
                    <PencilIcon width={14} height={14} />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} hover:text-red-700`}
                    aria-label={`Delete ${category.name}`}
                    disabled={remove.isPending && remove.variables === category.id}
                    onClick={() => onDelete(category)}
                  >
                    <TrashIcon width={14} height={14} />
                  </button>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
