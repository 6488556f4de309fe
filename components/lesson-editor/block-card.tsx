"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { BlockView } from "@/components/blocks/block-view";
import { blockEditorOf } from "@/components/blocks/types/editors";
import { ConflictChoiceDialog } from "@/components/conflicts/conflict-dialog";
import { GripIcon } from "@/components/ui/icons";
import { blockTypeLabel, contentFitsType } from "@/lib/authoring/blocks/types/registry";
import { parseMarkdown } from "@/lib/authoring/blocks/types/text";
import { versionText } from "./block-versions";
import { useCollapsedBlocks } from "./collapsed-blocks";
import { blockSummary } from "./describe-block";
import type { BlockDto, QuestionDto, QuizSummaryDto } from "./queries";
import { SaveErrorBar, SaveIndicator } from "./save-indicator";
import { useBlockSave } from "./use-block-save";

export type BlockCardActions = {
  /** Saves what is unsaved, then deletes (to the trash). */
  onDelete: (block: BlockDto, flush: () => Promise<void>) => void;
  onMove: (block: BlockDto, flush: () => Promise<void>) => void;
  onFocusBlock: (blockId: string) => void;
  /** The block's content was saved elsewhere (another tab or author) while this page had it open. */
  onChangedElsewhere: (blockId: string) => void;
};

export function BlockCard({
  block,
  index,
  projectId,
  isCurrent,
  autoFocus,
  isBusy,
  bank,
  quizzes,
  actions,
  review,
}: {
  block: BlockDto;
  index: number;
  projectId: string;
  isCurrent: boolean;
  autoFocus: boolean;
  isBusy: boolean;
  bank: { data?: QuestionDto[]; isPending: boolean; isError: boolean };
  quizzes: { data?: QuizSummaryDto[]; isPending: boolean; isError: boolean };
  actions: BlockCardActions;
  /** Under the card: the block's threads and suggested edits. */
  review?: ReactNode;
}) {
  const headingId = useId();
  const bodyId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { collapsed, setCollapsed } = useCollapsedBlocks();
  const isCollapsed = collapsed.has(block.id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });

  const number = index + 1;
  // The type's form (./types/editors.ts); none for a type this editor does not know.
  const editor = blockEditorOf(block.type);
  const isContentType = editor?.kind === "content";
  // Every save says which version it is based on (If-Match); a refusal shows both versions.
  const autosave = useBlockSave({ block, number, keepsBackup: isContentType, onChangedElsewhere: actions.onChangedElsewhere });
  const draft = autosave.value;

  useEffect(() => {
    if (!autoFocus) return;
    // Sent here (a new block, a link to it): show its form.
    setCollapsed([block.id], false);
    const root = bodyRef.current;
    // Glide there, unless the reader asked for less motion.
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    root?.scrollIntoView({ block: "center", behavior: reduceMotion ? "instant" : "smooth" });
    root?.querySelector<HTMLElement>("textarea, input:not([type=radio]):not([type=hidden]), select")?.focus({ preventScroll: true });
  }, [autoFocus, block.id, setCollapsed]);

  const label = blockTypeLabel(block.type);
  const lists = { bank, quizzes };
  const preview: BlockDto = editor?.kind === "reference" ? editor.preview(block, draft, lists) : { ...block, content: draft.content };
  const summary = blockSummary(preview);

  let form: ReactNode;
  if (editor?.kind === "reference") {
    form = editor.form({
      projectId,
      draft,
      preview,
      lists,
      onChange: (patch) => autosave.setValue((d) => ({ ...d, ...patch }), { immediate: true }),
    });
  } else if (editor) {
    const matches = contentFitsType(block.type, draft.content);
    form = (
      <>
        {!matches ? (
          <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
            The stored content of this block does not fit its type, so learners see it empty. Filling in this form replaces it.
          </p>
        ) : null}
        {editor.form({ content: draft.content, onChange: (content) => autosave.setValue((d) => ({ ...d, content })) })}
      </>
    );
  } else {
    form = (
      <div className="space-y-2 text-sm text-slate-600">
        <p>
          This block has the type <code className="rounded bg-slate-100 px-1 font-mono text-xs">{block.type}</code>, which this editor does
          not know. It is kept as it is; you can move or delete it.
        </p>
        <details className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
          <summary className="cursor-pointer text-xs font-medium text-slate-700">Stored content</summary>
          <pre className="mt-2 max-h-48 overflow-auto font-mono text-xs whitespace-pre-wrap">{JSON.stringify(block.content, null, 2)}</pre>
        </details>
      </div>
    );
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative ${isDragging ? "z-20" : ""}`}
      // The card becomes the current one (new blocks go after it) on a click, once the click is
      // done, and on keyboard focus: marking it at pointer-down changed the bar above while the
      // button pressed was moving, and on a phone the click then missed it. Not in the click's
      // capture phase either: a render there (when the editor had other work pending) put a
      // controlled radio or checkbox in the preview back before React saw it change, so its
      // onChange never ran and the answer clicked stayed unpicked (react/react#12643, #21094).
      // Bubbling, it runs in one batch with the input's onChange.
      onClick={() => actions.onFocusBlock(block.id)}
      onFocusCapture={(e) => {
        if (e.target.matches(":focus-visible")) actions.onFocusBlock(block.id);
      }}
    >
      <article
        aria-labelledby={headingId}
        className={`overflow-hidden rounded-lg border bg-white transition-shadow ${
          isDragging
            ? "border-brand-500 shadow-xl ring-2 ring-brand-100"
            : isCurrent
              ? "border-brand-500/60 shadow-sm ring-1 ring-brand-100"
              : "border-slate-200 shadow-sm"
        }`}
      >
        {/* On a phone the heading takes the first line; the save status and the actions wrap below it. */}
        <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-slate-100 bg-slate-50/70 px-2 py-1.5 sm:flex-nowrap">
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Reorder block ${number}: ${label}`}
            className="grid h-8 w-7 shrink-0 cursor-grab touch-none place-items-center rounded text-slate-400 hover:bg-slate-200 hover:text-slate-700 active:cursor-grabbing"
          >
            <GripIcon className="h-4 w-4" />
          </button>
          <h2 id={headingId} className="flex min-w-0 flex-[1_1_calc(100%-2.5rem)] items-baseline gap-2 text-sm sm:flex-1">
            <span className="shrink-0 font-semibold text-slate-900">
              Block {number}: {label}
            </span>
            {summary ? <span className="truncate text-slate-500">{summary}</span> : null}
          </h2>
          <SaveIndicator status={autosave.status} error={autosave.error} />
          <div className="ml-auto flex shrink-0 items-center gap-1 pl-1">
            <button
              type="button"
              aria-expanded={!isCollapsed}
              aria-controls={bodyId}
              aria-label={`${isCollapsed ? "Expand" : "Collapse"} block ${number}`}
              onClick={() => setCollapsed([block.id], !isCollapsed)}
              className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900"
            >
              {isCollapsed ? "Expand" : "Collapse"}
            </button>
            <button
              type="button"
              disabled={isBusy}
              onClick={() => actions.onMove(block, autosave.flush)}
              className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50"
            >
              Move to lesson…
            </button>
            <button
              type="button"
              disabled={isBusy}
              onClick={() => actions.onDelete(block, autosave.flush)}
              className="rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
            >
              Delete
            </button>
          </div>
        </header>
        {/* Kept while a retry is under way (the status beside the heading says so), so the bar does
            not blink away and back with each automatic try; it goes when a save succeeds. */}
        {autosave.error ? (
          <SaveErrorBar message={autosave.error.message} willRetry={autosave.error.willRetry} onRetry={autosave.retryNow} />
        ) : null}
        {autosave.restored && autosave.status !== "saved" ? (
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
            Unsaved changes from your last visit were restored.
          </p>
        ) : null}
        <ConflictChoiceDialog
          choice={autosave.choice}
          describe={({ theirs }) => ({ itemLabel: `Block ${number}`, theirs: versionText(theirs), mine: versionText(preview) })}
        />
        {isCollapsed ? (
          // Collapsed: the block as learners see it; a text block is edited right there.
          <section id={bodyId} ref={bodyRef} aria-label={`Preview of block ${number}`} className="p-4">
            {editor?.kind === "content" && editor.editsMarkdownInPlace ? (
              <TextInPlace
                number={number}
                preview={<BlockView block={preview} />}
                body={parseMarkdown(draft.content)?.body ?? ""}
                onChange={(body) => autosave.setValue((d) => ({ ...d, content: { ...(d.content as object), body } }))}
              />
            ) : (
              <BlockView block={preview} />
            )}
          </section>
        ) : (
          <div id={bodyId} ref={bodyRef} className="grid gap-5 p-4 lg:grid-cols-2">
            <div className="min-w-0">{form}</div>
            <section aria-label={`Preview of block ${number}`} className="min-w-0">
              <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">Preview</p>
              <BlockView block={preview} />
            </section>
          </div>
        )}
      </article>
      {review}
    </li>
  );
}

/** The rendered text; "Edit text" (or a double click) turns it into its Markdown, "Done" back. */
function TextInPlace({
  number,
  preview,
  body,
  onChange,
}: {
  number: number;
  preview: ReactNode;
  body: string;
  onChange: (body: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);
  if (!editing) {
    return (
      <div className="group relative" onDoubleClick={() => setEditing(true)}>
        {preview}
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label={`Edit the text of block ${number} in place`}
          className="mt-2 rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100"
        >
          Edit text
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <textarea
        ref={field}
        aria-label={`Text of block ${number} (Markdown)`}
        value={body}
        rows={Math.min(30, Math.max(4, body.split("\n").length + 1))}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setEditing(false);
        }}
        className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <button
        type="button"
        onClick={() => setEditing(false)}
        className="rounded-md bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700"
      >
        Done
      </button>
    </div>
  );
}
