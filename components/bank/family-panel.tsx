"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { baseOf } from "@/components/conflicts/save-on-version";
import { useVersionedSave } from "@/components/conflicts/use-versioned-save";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PencilIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { questionFamilyKeys } from "@/lib/client/query-keys";
import { iconButton } from "./category-panel";
import { errorMessage, splitApiError, type FieldErrors } from "./errors";
import { useFamilies, useFamilyMutations, useRestoreFromTrash, type QuestionFamilyDto } from "./queries";

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

function FamilyForm({
  family,
  pending,
  onSave,
  onCancel,
}: {
  family?: QuestionFamilyDto;
  pending: boolean;
  onSave: (input: { name: string; description: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(family?.name ?? "");
  const [description, setDescription] = useState(family?.description ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: "Give the family a name." });
    try {
      await onSave({ name: name.trim(), description });
    } catch (e) {
      const split = splitApiError(e, ["name", "description"]);
      setErrors(split.fieldErrors);
      setFormError(split.formError);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-2 p-3" noValidate aria-label={family ? `Edit ${family.name}` : "New question family"}>
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="block text-xs font-medium text-slate-600">
          Family name
        </label>
        <input
          id={`${id}-name`}
          autoFocus
          value={name}
          maxLength={200}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((all) => ({ ...all, name: "" }));
          }}
          className={inputClass}
        />
        {errors.name ? (
          <p id={`${id}-name-error`} className="text-xs text-red-700">
            {errors.name}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className="block text-xs font-medium text-slate-600">
          Description <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={description}
          maxLength={2000}
          aria-invalid={errors.description ? true : undefined}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
        />
        {errors.description ? <p className="text-xs text-red-700">{errors.description}</p> : null}
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" className="px-2.5 py-1.5" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="px-2.5 py-1.5" disabled={pending}>
          {family ? "Save family" : "Create family"}
        </Button>
      </div>
    </form>
  );
}

type FamilyPart = { name: string; description: string };
const familyPart = (family: QuestionFamilyDto): FamilyPart => ({ name: family.name, description: family.description });
const described = (part: FamilyPart) => `${part.name}\n\n${part.description.trim() || "(no description)"}`;

/**
 * Edits a family on the version its form was opened on; a family saved elsewhere meanwhile asks
 * which version to keep, and the form keeps what was typed until then (docs/decisions/011).
 */
function EditFamily({ family, projectId, onDone }: { family: QuestionFamilyDto; projectId: string; onDone: () => void }) {
  const { update } = useFamilyMutations(projectId);
  const client = useQueryClient();
  const toast = useToast();
  const saving = useVersionedSave<QuestionFamilyDto, FamilyPart>({
    initialBase: () => baseOf(family, familyPart),
    partOf: familyPart,
    send: (mine, ifMatch) => update.mutateAsync({ id: family.id, ...mine, ifMatch }),
    keepMine: ({ mine }) => void save(mine).catch((e) => toast.show(errorMessage(e), { tone: "error" })),
    // The form closes on the list, which shows their version; Undo saves mine on it.
    takeTheirs: ({ theirs, mine }) => {
      onDone();
      void client.invalidateQueries({ queryKey: questionFamilyKeys.ofProject(projectId) });
      return {
        message: `The family keeps the other version, “${theirs.name}”.`,
        undo: () => saving.saveOrToast(mine, "Your version was not saved: the family was changed again elsewhere."),
      };
    },
    // Closing the dialog leaves the form with the typed version, unsaved: nothing more to do.
  });

  async function save(mine: FamilyPart) {
    const result = await saving.save(mine);
    if (result.outcome !== "conflict") onDone();
  }

  return (
    <>
      <FamilyForm family={family} pending={update.isPending} onCancel={onDone} onSave={save} />
      <ConflictChoiceDialog
        choice={saving}
        describe={({ theirs, mine, base }) => ({
          itemLabel: `The family “${base.value.name}”`,
          theirs: described(familyPart(theirs)),
          mine: described(mine),
        })}
      />
    </>
  );
}

/** Families group variants of one question (for instance AI-written variants). */
export function FamilyPanel({
  projectId,
  activeId,
  onSelect,
}: {
  projectId: string;
  activeId?: string;
  onSelect: (id: string | undefined) => void;
}) {
  const families = useFamilies(projectId);
  const { create, remove } = useFamilyMutations(projectId);
  const restore = useRestoreFromTrash(projectId);
  const toast = useToast();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string>();

  async function onDelete(family: QuestionFamilyDto) {
    const n = family.question_count;
    const what =
      n === 0 ? "It goes to the trash." : `Its ${n} question${n === 1 ? "" : "s"} go${n === 1 ? "es" : ""} to the trash with it.`;
    if (!(await confirm({ title: `Delete the family “${family.name}”?`, body: what, confirmLabel: "Delete", tone: "danger" }))) return;
    remove.mutate(family.id, {
      onSuccess: () => {
        if (activeId === family.id) onSelect(undefined);
        toast.show(`Family “${family.name}” moved to the trash.`, {
          action: { label: "Undo", run: () => restore.mutate({ kind: "question_family", id: family.id }) },
        });
      },
      onError: (e) => toast.show(`Could not delete “${family.name}”: ${errorMessage(e)}`, { tone: "error" }),
    });
  }

  return (
    <section aria-labelledby="families-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
        <h2 id="families-heading" className="text-sm font-semibold">
          Question families
        </h2>
        {!creating ? (
          <Button
            type="button"
            variant="ghost"
            className="whitespace-nowrap px-2 py-1 text-xs"
            aria-label="New family"
            onClick={() => setCreating(true)}
          >
            <PlusIcon width={14} height={14} />
            New
          </Button>
        ) : null}
      </div>
      {creating ? (
        <div className="border-b border-slate-100">
          <FamilyForm
            pending={create.isPending}
            onCancel={() => setCreating(false)}
            onSave={async (input) => {
              await create.mutateAsync({ name: input.name, ...(input.description ? { description: input.description } : {}) });
              setCreating(false);
            }}
          />
        </div>
      ) : null}

      {families.isPending ? (
        <LoadingPlaceholder className="space-y-2 p-3" label="Loading question families">
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
        </LoadingPlaceholder>
      ) : families.isError ? (
        <div className="p-3">
          <Alert>Could not load question families: {families.error.message}</Alert>
        </div>
      ) : families.data.length === 0 ? (
        <p className="p-3 text-sm text-slate-500">No families. Use one to group variants of the same question.</p>
      ) : (
        <ul aria-label="Question families" className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {families.data.map((family) =>
            editing === family.id ? (
              <li key={family.id}>
                <EditFamily family={family} projectId={projectId} onDone={() => setEditing(undefined)} />
              </li>
            ) : (
              <li key={family.id} className={`group flex items-start ${activeId === family.id ? "bg-brand-50" : "hover:bg-slate-50"}`}>
                <button
                  type="button"
                  onClick={() => onSelect(activeId === family.id ? undefined : family.id)}
                  aria-pressed={activeId === family.id}
                  className="min-w-0 flex-1 px-3 py-2 text-left"
                >
                  <span className={`block truncate text-sm ${activeId === family.id ? "font-medium text-brand-700" : "text-slate-700"}`}>
                    {family.name}
                  </span>
                  <span className="block truncate text-xs text-slate-500">
                    {family.question_count} question{family.question_count === 1 ? "" : "s"}
                    {family.description ? ` · ${family.description}` : ""}
                  </span>
                </button>
                <span className="flex shrink-0 py-1.5 pr-1.5 opacity-70 group-focus-within:opacity-100 group-hover:opacity-100">
                  <button type="button" className={iconButton} aria-label={`Edit ${family.name}`} onClick={() => setEditing(family.id)}>
                    <PencilIcon width={14} height={14} />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} hover:text-red-700`}
                    aria-label={`Delete ${family.name}`}
                    onClick={() => onDelete(family)}
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
