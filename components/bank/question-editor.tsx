"use client";

import { useId, useImperativeHandle, useMemo, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { baseOf, saveOnVersion, type BaseVersion } from "@/components/conflicts/save-on-version";
import { useConflictChoice, type ChoiceActions } from "@/components/conflicts/use-conflict-choice";
import { QuestionAnalysis } from "@/components/results/question-analysis";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import type { QuestionTypeValue } from "@/lib/client/types";
import {
  changedFields,
  draftFromQuestion,
  draftProblems,
  emptyDraft,
  toInput,
  trueFalseOptions,
  type DraftOption,
  type QuestionDraft,
} from "./draft";
import { splitApiError, type FieldErrors } from "./errors";
import { DIFFICULTIES, QUESTION_TYPES } from "./labels";
import { OptionsEditor } from "./options-editor";
import { useCategories, useFamilies, useQuestionMutations, type QuestionDto } from "./queries";

const FIELDS = ["prompt", "category_id", "question_family_id", "question_type", "difficulty", "options"];

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  ) : null;
}

export type EditorTarget = { mode: "create"; defaults?: Partial<QuestionDraft> } | { mode: "edit"; question: QuestionDto };

/** A question saved elsewhere while this editor's draft was based on an older version: both. */
type QuestionConflict = { theirs: QuestionDto; mine: QuestionDraft };

/** What an edit compares to tell whether someone else changed the question: its content, as a save would send it. */
const contentOf = (question: QuestionDto) => toInput(draftFromQuestion(question));

/** A question as the conflict dialog shows it, in words. */
function describe(draft: QuestionDraft) {
  const type = QUESTION_TYPES.find((t) => t.value === draft.question_type)?.label ?? draft.question_type;
  const difficulty = DIFFICULTIES.find((d) => d.value === draft.difficulty)?.label ?? String(draft.difficulty);
  const options = draft.options.map((o) => `${o.is_correct ? "✓" : "·"} ${o.label}`).join("\n");
  return `${draft.prompt}\n\n${type} · ${difficulty}\n${options}`;
}

/** The draft's options, with the ids of options the other version no longer has dropped (they are saved as new ones). */
const onto = (theirs: QuestionDto, options: DraftOption[]) => {
  const ids = new Set(theirs.options.map((o) => o.id));
  return options.map((o) => (o.id && !ids.has(o.id) ? { ...o, id: undefined } : o));
};

/** Creates or edits one question in a side panel; Save is offered only for a question the rules allow. */
export function QuestionEditor({ projectId, target, onClose }: { projectId: string; target: EditorTarget | null; onClose: () => void }) {
  // The choice and its dialog sit outside the side panel's dialog, so closing one does not close the panel; the open form answers it.
  const form = useRef<ChoiceActions<QuestionConflict>>(null);
  const choice = useConflictChoice<QuestionConflict>({
    rebase: (theirs) => form.current?.rebase(theirs),
    keepMine: (conflict) => form.current?.keepMine(conflict),
    // A conflict is only asked about while its form is open: the panel behind the dialog cannot close.
    takeTheirs: (conflict) => form.current!.takeTheirs(conflict),
    onDismiss: () => form.current?.onDismiss?.(),
  });
  return (
    <>
      <Modal
        size="side"
        flush
        open={target !== null}
        onClose={onClose}
        title={target?.mode === "edit" ? "Edit question" : "New question"}
        description={target?.mode === "edit" ? "Changes apply everywhere the question is used." : "Add a question to the project's bank."}
      >
        {target ? (
          <EditorForm
            key={target.mode === "edit" ? target.question.id + target.question.updated_at : "new"}
            ref={form}
            projectId={projectId}
            target={target}
            onDone={onClose}
            onConflict={choice.open}
          />
        ) : null}
      </Modal>
      <ConflictChoiceDialog
        choice={choice}
        describe={({ theirs, mine }) => ({ itemLabel: "This question", theirs: describe(draftFromQuestion(theirs)), mine: describe(mine) })}
      />
    </>
  );
}

function EditorForm({
  ref,
  projectId,
  target,
  onDone,
  onConflict,
}: {
  /** What the form does on each answer to a conflict it met. */
  ref: Ref<ChoiceActions<QuestionConflict>>;
  projectId: string;
  target: EditorTarget;
  onDone: () => void;
  onConflict: (conflict: QuestionConflict) => void;
}) {
  const id = useId();
  const categories = useCategories(projectId);
  const families = useFamilies(projectId);
  const { create, update } = useQuestionMutations(projectId);
  const toast = useToast();
  // The version the draft is based on (its If-Match): the question as opened, then as saved or chosen.
  const [original, setOriginal] = useState(target.mode === "edit" ? target.question : undefined);
  const [draft, setDraft] = useState<QuestionDraft>(() =>
    original ? draftFromQuestion(original) : emptyDraft(target.mode === "create" ? target.defaults : {}),
  );
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const changes = original ? changedFields(original, draft) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 0;
  const pending = create.isPending || update.isPending;
  const blockers = unchanged ? ["No changes to save yet."] : problems.all;

  function set<K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K], clears: string[] = [key]) {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([path]) => !clears.some((c) => path === c || path.startsWith(`${c}.`)))),
    );
    setFormError(undefined);
  }

  function changeType(type: QuestionTypeValue) {
    // A new true / false question starts from "True" and "False"; typed options are never thrown away.
    const blank = draft.options.every((o) => !o.label.trim());
    setDraft((d) => ({ ...d, question_type: type, options: type === "true_false" && blank ? trueFalseOptions() : d.options }));
    setServerErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([path]) => !["question_type", "options"].includes(path.split(".")[0]))),
    );
  }

  /**
   * Saves the draft's changes to `on` with If-Match; a version saved elsewhere meanwhile asks which one to keep.
   * Not `useVersionedSave`: the base is the whole question in state (`original`), which the form renders what changed from.
   */
  async function saveOver(on: QuestionDto, mine: QuestionDraft) {
    const result = await saveOnVersion({
      base: baseOf(on, contentOf) as BaseVersion<ReturnType<typeof contentOf>>,
      mine: toInput(mine),
      partOf: contentOf,
      send: (ifMatch) => update.mutateAsync({ id: on.id, ...changedFields(on, mine), ifMatch }),
    });
    if (result.outcome !== "conflict") {
      toast.show("Question saved.", { tone: "success" });
      return onDone();
    }
    onConflict({ theirs: result.item, mine });
  }

  useImperativeHandle(ref, () => ({
    rebase: setOriginal,
    keepMine: ({ theirs, mine }) => {
      const next = { ...mine, options: onto(theirs, mine.options) };
      setDraft(next);
      saveOver(theirs, next).catch(showError);
    },
    takeTheirs: ({ theirs, mine }) => {
      setDraft(draftFromQuestion(theirs));
      return {
        message: "The editor now has the other version.",
        undo: () => setDraft({ ...mine, options: onto(theirs, mine.options) }),
      };
    },
    onDismiss: () => setFormError("Not saved: this question was changed elsewhere. Save again to choose which version to keep."),
  }));

  function showError(error: unknown) {
    const split = splitApiError(error, FIELDS);
    setServerErrors(split.fieldErrors);
    setFormError(split.formError);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (blockers.length || pending) return;
    try {
      if (original) {
        await saveOver(original, draft);
      } else {
        await create.mutateAsync(toInput(draft));
        toast.show("Question added to the bank.", { tone: "success" });
        onDone();
      }
    } catch (error) {
      showError(error);
    }
  }

  const err = (field: string) => serverErrors[field] ?? undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-6 py-5">
        {formError ? <Alert>{formError}</Alert> : null}

        <div className="space-y-1">
          <label htmlFor={`${id}-prompt`} className="block text-sm font-medium text-slate-700">
            Prompt
          </label>
          <textarea
            id={`${id}-prompt`}
            autoFocus
            rows={3}
            value={draft.prompt}
            placeholder="What do you want to ask?"
            aria-invalid={err("prompt") ? true : undefined}
            aria-describedby={err("prompt") ? `${id}-prompt-error` : undefined}
            onChange={(e) => set("prompt", e.target.value)}
            className={controlClass}
          />
          <FieldError id={`${id}-prompt-error`}>{err("prompt")}</FieldError>
        </div>

        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-700">Question type</legend>
          <div className="grid grid-cols-3 gap-2">
            {QUESTION_TYPES.map((t) => (
              <label
                key={t.value}
                className={`flex cursor-pointer flex-col rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                  draft.question_type === t.value
                    ? "border-brand-500 bg-brand-50 text-brand-700"
                    : "border-slate-200 hover:border-slate-300"
                }`}
              >
                <span className="flex items-center gap-2 font-medium">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={t.value}
                    checked={draft.question_type === t.value}
                    onChange={() => changeType(t.value)}
                    className="accent-brand-600"
                  />
                  {t.label}
                </span>
                <span className="pl-5 text-xs text-slate-600">{t.hint}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-type-error`}>{err("question_type")}</FieldError>
        </fieldset>

        <div className="grid grid-cols-2 gap-4">
          <div className="space-y-1">
            <label htmlFor={`${id}-category`} className="block text-sm font-medium text-slate-700">
              Category
            </label>
            <select
              id={`${id}-category`}
              value={draft.category_id}
              aria-invalid={err("category_id") ? true : undefined}
              aria-describedby={err("category_id") ? `${id}-category-error` : undefined}
              onChange={(e) => set("category_id", e.target.value)}
              className={controlClass}
            >
              <option value="" disabled>
                {categories.isPending ? "Loading…" : "Choose a category"}
              </option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-category-error`}>{err("category_id")}</FieldError>
            {categories.data?.length === 0 ? (
              <p className="text-xs text-slate-500">Create a category in the Categories panel first.</p>
            ) : null}
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-family`} className="block text-sm font-medium text-slate-700">
              Family <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <select
              id={`${id}-family`}
              value={draft.question_family_id}
              aria-invalid={err("question_family_id") ? true : undefined}
              aria-describedby={err("question_family_id") ? `${id}-family-error` : undefined}
              onChange={(e) => set("question_family_id", e.target.value)}
              className={controlClass}
            >
              <option value="">No family</option>
              {families.data?.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-family-error`}>{err("question_family_id")}</FieldError>
          </div>
        </div>

        <div className="space-y-1">
          <label htmlFor={`${id}-difficulty`} className="block text-sm font-medium text-slate-700">
            Difficulty
          </label>
          <select
            id={`${id}-difficulty`}
            value={draft.difficulty}
            aria-invalid={err("difficulty") ? true : undefined}
            onChange={(e) => set("difficulty", Number(e.target.value))}
            className={`${controlClass} max-w-[12rem]`}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-difficulty-error`}>{err("difficulty")}</FieldError>
        </div>

        <OptionsEditor
          type={draft.question_type}
          options={draft.options}
          onChange={(options) => set("options", options)}
          ruleProblem={problems.options}
          labelProblems={problems.labels}
          serverErrors={serverErrors}
        />

        {original ? <QuestionAnalysis projectId={projectId} questionId={original.id} /> : null}
      </div>

      <div className="flex items-center justify-between gap-4 border-t border-slate-200 bg-slate-50 px-6 py-3">
        <p id={`${id}-blockers`} role="status" className="min-w-0 text-sm text-slate-600">
          {blockers.length ? (
            <>
              <span className="font-medium text-slate-700">Can’t save yet: </span>
              {blockers.join(" ")}
            </>
          ) : (
            <span className="text-emerald-700">Ready to save.</span>
          )}
        </p>
        <div className="flex shrink-0 gap-2">
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={blockers.length > 0 || pending} aria-describedby={`${id}-blockers`}>
            {pending ? "Saving…" : original ? "Save changes" : "Create question"}
          </Button>
        </div>
      </div>
    </form>
  );
}
