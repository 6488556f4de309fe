"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { BlockView } from "@/components/blocks/block-view";
import { GripIcon } from "@/components/ui/icons";
import {
  blockTypeLabel,
  parseDiagram,
  parseGlossary,
  parseImage,
  parseInteractive,
  parseMarkdown,
  parseScenario,
  parseVideo,
  parseVisual,
} from "@/components/blocks/content";
import {
  DiagramForm,
  GlossaryForm,
  ImageForm,
  InteractiveForm,
  MarkdownForm,
  QuestionRefForm,
  QuizRefForm,
  ScenarioForm,
  VideoForm,
  VisualForm,
  type ContentFormProps,
} from "./block-forms";
import { blockSummary } from "./block-types";
import { patchBlock, writeBlockToCache, type BlockDto, type BlockPatch, type QuestionDto, type QuizSummaryDto } from "./queries";
import { SaveErrorBar, SaveIndicator } from "./save-indicator";
import { useAutosave } from "./use-autosave";

const CONTENT_FORMS: Record<string, (props: ContentFormProps) => ReactNode> = {
  text: (p) => <MarkdownForm label="Text (Markdown)" {...p} />,
  example: (p) => <MarkdownForm label="Example (Markdown)" {...p} />,
  scenario: ScenarioForm,
  glossary: GlossaryForm,
  image: ImageForm,
  video: VideoForm,
  diagram: DiagramForm,
  interactive: InteractiveForm,
  visual: VisualForm,
};

const CONTENT_PARSERS: Record<string, (content: unknown) => unknown> = {
  text: parseMarkdown,
  example: parseMarkdown,
  scenario: parseScenario,
  glossary: parseGlossary,
  image: parseImage,
  video: parseVideo,
  diagram: parseDiagram,
  interactive: parseInteractive,
  visual: parseVisual,
};

type Draft = { content?: unknown; question_id?: string; question_role?: string; quiz_id?: string };

function initialDraft(block: BlockDto): Draft {
  if (block.type === "question") return { question_id: block.question_id ?? "", question_role: block.question_role ?? "practice" };
  if (block.type === "quiz") return { quiz_id: block.quiz_id ?? "" };
  return { content: block.content };
}

/** Only what the block's type may change goes out: content for most, the reference for the rest. */
function patchFor(block: BlockDto, draft: Draft): BlockPatch {
  if (block.type === "question") return { question_id: draft.question_id || undefined, question_role: draft.question_role };
  if (block.type === "quiz") return { quiz_id: draft.quiz_id || undefined };
  return { content: draft.content };
}

export type BlockCardActions = {
  /** Saves what is unsaved, then deletes (to the trash). */
  onDelete: (block: BlockDto, flush: () => Promise<void>) => void;
  onMove: (block: BlockDto, flush: () => Promise<void>) => void;
  onFocusBlock: (blockId: string) => void;
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
}) {
  const client = useQueryClient();
  const headingId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });

  const isContentType = block.type in CONTENT_FORMS;
  const autosave = useAutosave<Draft>({
    initial: initialDraft(block),
    save: async (draft) => writeBlockToCache(client, await patchBlock(block.id, patchFor(block, draft))),
    backupKey: isContentType ? `coursewright:block-draft:${block.id}` : undefined,
  });
  const draft = autosave.value;

  useEffect(() => {
    if (!autoFocus) return;
    const root = bodyRef.current;
    root?.scrollIntoView({ block: "center", behavior: "smooth" });
    root?.querySelector<HTMLElement>("textarea, input:not([type=radio]):not([type=hidden]), select")?.focus({ preventScroll: true });
  }, [autoFocus]);

  const label = blockTypeLabel(block.type);
  const number = index + 1;
  const preview: BlockDto =
    block.type === "question"
      ? {
          ...block,
          question_role: (draft.question_role as BlockDto["question_role"]) ?? block.question_role,
          question:
            draft.question_id === block.question_id
              ? block.question
              : (bank.data?.find((q) => q.id === draft.question_id) ?? block.question),
        }
      : block.type === "quiz"
        ? {
            ...block,
            quiz:
              draft.quiz_id === block.quiz_id
                ? block.quiz
                : (() => {
                    const q = quizzes.data?.find((x) => x.id === draft.quiz_id);
                    return q ? { id: q.id, title: q.title } : block.quiz;
                  })(),
          }
        : { ...block, content: draft.content };
  const summary = blockSummary(preview);

  let form: ReactNode;
  if (block.type === "question") {
    form = (
      <QuestionRefForm
        projectId={projectId}
        questionId={draft.question_id ?? ""}
        role={draft.question_role ?? "practice"}
        bank={bank}
        onChange={(patch) => autosave.setValue((d) => ({ ...d, ...patch }), { immediate: true })}
      />
    );
  } else if (block.type === "quiz") {
    form = (
      <QuizRefForm
        projectId={projectId}
        quizId={draft.quiz_id ?? ""}
        quizzes={quizzes}
        onChange={(quiz_id) => autosave.setValue((d) => ({ ...d, quiz_id }), { immediate: true })}
      />
    );
  } else if (isContentType) {
    const matches = CONTENT_PARSERS[block.type](draft.content) !== null;
    form = (
      <>
        {!matches ? (
          <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
            The stored content of this block does not fit its type, so learners see it empty. Filling in this form replaces it.
          </p>
        ) : null}
        {CONTENT_FORMS[block.type]({ content: draft.content, onChange: (content) => autosave.setValue((d) => ({ ...d, content })) })}
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
      onFocusCapture={() => actions.onFocusBlock(block.id)}
      onPointerDownCapture={() => actions.onFocusBlock(block.id)}
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
        <header className="flex items-center gap-2 border-b border-slate-100 bg-slate-50/70 px-2 py-1.5">
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
          <h2 id={headingId} className="flex min-w-0 flex-1 items-baseline gap-2 text-sm">
            <span className="shrink-0 font-semibold text-slate-900">
              Block {number}: {label}
            </span>
            {summary ? <span className="truncate text-slate-500">{summary}</span> : null}
          </h2>
          <SaveIndicator status={autosave.status} error={autosave.error} />
          <div className="flex shrink-0 items-center gap-1 pl-1">
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
        {autosave.status === "error" && autosave.error ? (
          <SaveErrorBar message={autosave.error.message} willRetry={autosave.error.willRetry} onRetry={autosave.retryNow} />
        ) : null}
        {autosave.restored && autosave.status !== "saved" ? (
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
            Unsaved changes from your last visit were restored.
          </p>
        ) : null}
        <div ref={bodyRef} className="grid gap-5 p-4 lg:grid-cols-2">
          <div className="min-w-0">{form}</div>
          <section aria-label={`Preview of block ${number}`} className="min-w-0">
            <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-400">Preview</p>
            <BlockView block={preview} />
          </section>
        </div>
      </article>
    </li>
  );
}
