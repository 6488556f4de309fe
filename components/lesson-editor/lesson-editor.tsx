"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { blockTypeLabel } from "@/components/blocks/content";
import { Alert } from "@/components/ui/alert";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { AddBlockMenu } from "./add-block-menu";
import { BlockCard, type BlockCardActions } from "./block-card";
import { useCollapsedBlocks } from "./collapsed-blocks";
import { defaultContent, describeBlock, type MenuBlockType } from "./block-types";
import { MoveBlockDialog, NewQuestionBlockDialog, NewQuizBlockDialog } from "./dialogs";
import { LessonTitle } from "./lesson-title";
import { describeEditors } from "./lesson-editors";
import { ItemHistory } from "@/components/history/item-history";
import {
  useCreateBlock,
  useDeleteBlock,
  useLesson,
  useLessonBlocks,
  useLessonCourse,
  useLessonEditors,
  useMoveBlockToLesson,
  useQuestionBank,
  useQuizList,
  useReorderBlock,
  useRestoreBlock,
  type BlockDto,
  type NewBlock,
} from "./queries";

const SCREEN_READER_INSTRUCTIONS =
  "To reorder a block, press space or enter on its handle, move it with the up and down arrow keys, " +
  "press space or enter again to drop it, or escape to cancel.";

function errorText(error: unknown) {
  if (error instanceof ApiClientError) {
    const issue = error.issues[0];
    return issue ? `${error.message}: ${issue.message}` : error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong.";
}

function EditorSkeleton({ withTitle = true }: { withTitle?: boolean }) {
  return (
    <div aria-busy="true" aria-label={withTitle ? "Loading the lesson" : "Loading the blocks"} className="space-y-4">
      {withTitle ? (
        <>
          <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-9 w-2/3 animate-pulse rounded bg-slate-200" />
        </>
      ) : null}
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-lg border border-slate-200 bg-white">
          <div className="h-10 border-b border-slate-100 bg-slate-50" />
          <div className="grid gap-5 p-4 lg:grid-cols-2">
            <div className="h-28 animate-pulse rounded bg-slate-100" />
            <div className="h-28 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** How long a change saved elsewhere keeps the "also being edited" notice up. */
const ELSEWHERE_MS = 5 * 60_000;

/**
 * Blocks saved elsewhere (another tab, another author) while this page had them open, by when
 * this page noticed; those of the last five minutes (docs/decisions/011-optimistic-concurrency.md).
 */
function useChangedElsewhere() {
  const [changes, setChanges] = useState<Map<string, number>>(() => new Map());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!changes.size) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [changes.size]);
  const noteChange = useCallback((blockId: string) => {
    const at = Date.now();
    setNow(at);
    setChanges((prev) => new Map(prev).set(blockId, at));
  }, []);
  const recent = [...changes].filter(([, at]) => now - at < ELSEWHERE_MS).map(([id]) => id);
  return { recent, noteChange };
}

/**
 * Who else saved in the lesson lately (`who`, from the server: other authors, this author's other
 * tabs) and which blocks this page saw change (`blockNumbers`, undefined when none).
 */
function AlsoEditedNotice({ who, blockNumbers }: { who?: string; blockNumbers?: number[] }) {
  const which = !blockNumbers
    ? undefined
    : blockNumbers.length === 0
      ? "A block"
      : blockNumbers.length === 1
        ? `Block ${blockNumbers[0]}`
        : `Blocks ${blockNumbers.slice(0, -1).join(", ")} and ${blockNumbers.at(-1)}`;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>
        <span className="font-semibold">Also being edited {who ? `by ${who}` : "in another tab or by another author"}</span>
        {which ? (
          <>
            : {which} {blockNumbers!.length > 1 ? "were" : "was"} saved there in the last few minutes.
          </>
        ) : (
          <>, who saved changes in the last few minutes.</>
        )}{" "}
        Before your changes to a block are saved over theirs, you choose which version to keep.
      </p>
      <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
        Show the latest
      </button>
    </div>
  );
}

function BackLink({ projectId }: { projectId: string }) {
  return (
    <Link
      href={`/projects/${projectId}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700"
    >
      <span aria-hidden>←</span> Back to course tree
    </Link>
  );
}

export function LessonEditor({ projectId, lessonId }: { projectId: string; lessonId: string }) {
  const router = useRouter();
  const toast = useToast();
  const lesson = useLesson(lessonId);
  const blocks = useLessonBlocks(lessonId);
  const { module, course } = useLessonCourse(projectId, lesson.data?.module_id);

  const [currentId, setCurrentId] = useState<string>();
  const [focusId, setFocusId] = useState<string>();
  const [picker, setPicker] = useState<"question" | "quiz">();
  const [pickerError, setPickerError] = useState<string>();
  const [moving, setMoving] = useState<{ block: BlockDto; flush: () => Promise<void> }>();
  const [moveError, setMoveError] = useState<string>();
  const [listError, setListError] = useState<string>();
  const [busyId, setBusyId] = useState<string>();
  const [isDragging, setIsDragging] = useState(false);
  const elsewhere = useChangedElsewhere();
  const editors = useLessonEditors(lessonId);
  const otherEditors = describeEditors(editors.data?.editors ?? []);

  const list = useMemo(() => blocks.data ?? [], [blocks.data]);
  const hasType = (type: string) => list.some((b) => b.type === type);
  // The bank is read when the new-block picker opens; a card reads it when its author changes its
  // question (QuestionRefForm). Cards find a newly picked question in the same cache.
  const bank = useQuestionBank(projectId, picker === "question");
  const quizzes = useQuizList(projectId, hasType("quiz") || picker === "quiz");

  const create = useCreateBlock(lessonId);
  const reorder = useReorderBlock(lessonId);
  const remove = useDeleteBlock(lessonId);
  const restore = useRestoreBlock(projectId, lessonId);
  const move = useMoveBlockToLesson(lessonId);

  const currentIndex = currentId ? list.findIndex((b) => b.id === currentId) : -1;
  const placement = currentIndex >= 0 ? `after block ${currentIndex + 1} (${blockTypeLabel(list[currentIndex].type)})` : "at the end";

  async function addBlock(input: NewBlock) {
    const block = await create.mutateAsync({ ...input, position: currentIndex >= 0 ? currentIndex + 1 : undefined });
    setCurrentId(block.id);
    setFocusId(block.id);
    return block;
  }

  function onPick(type: MenuBlockType) {
    setListError(undefined);
    if (type === "question" || type === "quiz") {
      setPickerError(undefined);
      setPicker(type);
      return;
    }
    addBlock({ type, content: defaultContent(type) }).catch((e) =>
      setListError(`Couldn't add the ${blockTypeLabel(type).toLowerCase()} block: ${errorText(e)}`),
    );
  }

  async function onPickRef(input: Omit<NewBlock, "type">) {
    if (!picker) return;
    try {
      await addBlock({ type: picker, ...input });
      setPicker(undefined);
    } catch (e) {
      setPickerError(errorText(e));
    }
  }

  const actions: BlockCardActions = useMemo(
    () => ({
      onFocusBlock: (id) => setCurrentId(id),
      onChangedElsewhere: elsewhere.noteChange,
      onMove: (block, flush) => {
        setMoveError(undefined);
        setMoving({ block, flush });
      },
      onDelete: async (block, flush) => {
        setBusyId(block.id);
        setListError(undefined);
        try {
          // The latest text goes with it to the trash, so Undo brings it back whole.
          await flush().catch(() => {});
          await remove.mutateAsync(block.id);
          setCurrentId((id) => (id === block.id ? undefined : id));
          toast.show(`${describeBlock(block)} deleted. It is in the trash.`, {
            action: {
              label: "Undo",
              run: () =>
                restore.mutate(block.id, {
                  onSuccess: () => toast.show("Block restored.", { tone: "success" }),
                  onError: (e) => toast.show(`Couldn't restore the block: ${errorText(e)}`, { tone: "error" }),
                }),
            },
          });
        } catch (e) {
          setListError(`Couldn't delete the block: ${errorText(e)}`);
        } finally {
          setBusyId(undefined);
        }
      },
    }),
    // The mutations' functions are stable; the mutation objects themselves change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remove.mutateAsync, restore.mutate, toast, elsewhere.noteChange],
  );

  async function onMoveTo(target: { id: string; title: string }) {
    if (!moving) return;
    const { block, flush } = moving;
    setMoveError(undefined);
    try {
      await flush();
      await move.mutateAsync({ blockId: block.id, targetLessonId: target.id });
      setMoving(undefined);
      setCurrentId((id) => (id === block.id ? undefined : id));
      toast.show(`Moved to “${target.title}”.`, {
        tone: "success",
        action: { label: "Open", run: () => router.push(`/projects/${projectId}/lessons/${target.id}`) },
      });
    } catch (e) {
      setMoveError(`Couldn't move the block: ${errorText(e)}`);
    }
  }

  // Reordering: by pointer or keyboard; the order changes at once and comes back if refused.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = useCallback(
    (id: UniqueIdentifier) => {
      const i = list.findIndex((b) => b.id === id);
      return i >= 0 ? `${describeBlock(list[i])}, block ${i + 1} of ${list.length}` : "The block";
    },
    [list],
  );
  // The sortable index dnd-kit keeps for the item, else its place in the list.
  const positionOf = (item: { id: UniqueIdentifier; data: { current?: { sortable?: { index: number } } } }) =>
    (item.data.current?.sortable?.index ?? list.findIndex((b) => b.id === item.id)) + 1;
  // dnd-kit reports "over itself" right after pick-up; only real moves are announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${labelOf(active.id)}.`;
    },
    onDragOver: ({ over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `The block is now at position ${positionOf(over)} of ${list.length}.` : "The block is no longer over the list.";
    },
    onDragEnd: ({ over }) =>
      over ? `Dropped. The block is now at position ${positionOf(over)} of ${list.length}.` : "Dropped. The order did not change.",
    onDragCancel: ({ active }) => `Reordering cancelled. The block stays at position ${positionOf(active)} of ${list.length}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setIsDragging(false);
    if (!over || active.id === over.id) return;
    const to = list.findIndex((b) => b.id === over.id);
    setListError(undefined);
    reorder.mutate(
      { blockId: String(active.id), to },
      { onError: (e) => setListError(`Couldn't move the block, so the previous order is back: ${errorText(e)}`) },
    );
  }

  if (lesson.isPending) {
    return (
      <div className="space-y-4">
        <BackLink projectId={projectId} />
        <EditorSkeleton />
      </div>
    );
  }
  if (lesson.isError) {
    const missing = lesson.error instanceof ApiClientError && (lesson.error.status === 404 || lesson.error.status === 400);
    return (
      <div className="space-y-4">
        <BackLink projectId={projectId} />
        <Alert>
          {missing ? "This lesson does not exist or was moved to the trash." : `Could not load the lesson: ${lesson.error.message}`}
        </Alert>
        {!missing ? (
          <button type="button" className="text-sm font-medium text-brand-600 underline" onClick={() => void lesson.refetch()}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }

  const busy = create.isPending;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink projectId={projectId} />
        <div className="flex items-center gap-4">
          <nav aria-label="Lesson location" className="text-sm text-slate-500">
            {course.data ? course.data.title : module.isPending || course.isPending ? "…" : null}
            {module.data ? <> › {module.data.title}</> : null}
          </nav>
          <Link
            href={`/learn/lessons/${lessonId}?preview=1`}
            target="_blank"
            className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-white"
          >
            Preview as learner
          </Link>
        </div>
      </div>

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <LessonTitle key={lesson.data.id} lesson={lesson.data} />
        </div>
        <span
          className={`mt-6 rounded-full px-2.5 py-0.5 text-xs font-medium ${
            lesson.data.published_at ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"
          }`}
        >
          {lesson.data.published_at ? "Published" : "Draft"}
        </span>
      </div>

      <div className="sticky top-0 z-20 -mx-2 space-y-2 rounded-lg border border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <AddBlockMenu onPick={onPick} disabled={busy || blocks.isPending} placement={placement} />
            <p className="text-sm text-slate-500">
              {busy ? "Adding…" : <>New blocks go {placement}.</>}
              {!busy && currentIndex >= 0 && currentIndex < list.length - 1 ? (
                <button
                  type="button"
                  className="ml-2 font-medium text-brand-600 hover:text-brand-700"
                  onClick={() => setCurrentId(undefined)}
                >
                  Add at the end instead
                </button>
              ) : null}
            </p>
          </div>
          <p className="text-sm text-slate-500">{blocks.data ? `${list.length} ${list.length === 1 ? "block" : "blocks"}` : null}</p>
        </div>
        {elsewhere.recent.length || otherEditors ? (
          <AlsoEditedNotice
            who={otherEditors}
            blockNumbers={
              elsewhere.recent.length ? list.map((b, i) => (elsewhere.recent.includes(b.id) ? i + 1 : 0)).filter(Boolean) : undefined
            }
          />
        ) : null}
        {/* In the sticky bar, so a refused move or add is seen wherever the author has scrolled to. */}
        {listError ? (
          <div className="flex items-start gap-2">
            <div className="flex-1">
              <Alert>{listError}</Alert>
            </div>
            <button type="button" className="px-1 py-2 text-sm text-slate-500 hover:text-slate-800" onClick={() => setListError(undefined)}>
              Dismiss
            </button>
          </div>
        ) : null}
      </div>

      {/* Before the list: effects run in tree order, so a picker that closes as its block is added
          gives focus back (the page behind a modal dialog is inert) before the new card takes it. */}
      <NewQuestionBlockDialog
        open={picker === "question"}
        projectId={projectId}
        bank={bank}
        pending={create.isPending}
        error={pickerError}
        onCancel={() => setPicker(undefined)}
        onCreate={onPickRef}
      />
      <NewQuizBlockDialog
        open={picker === "quiz"}
        projectId={projectId}
        quizzes={quizzes}
        pending={create.isPending}
        error={pickerError}
        onCancel={() => setPicker(undefined)}
        onCreate={onPickRef}
      />

      {blocks.isPending ? (
        <EditorSkeleton withTitle={false} />
      ) : blocks.isError ? (
        <div className="space-y-2">
          <Alert>Could not load the blocks: {blocks.error.message}</Alert>
          <button type="button" className="text-sm font-medium text-brand-600 underline" onClick={() => void blocks.refetch()}>
            Try again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-lg border-2 border-dashed border-slate-200 bg-white px-6 py-12 text-center">
          <h2 className="text-base font-semibold text-slate-900">This lesson has no blocks yet</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">
            Build it from blocks: text, examples, images, videos, diagrams, questions and more. Use “Add block” above to start.
          </p>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
          onDragStart={() => setIsDragging(true)}
          onDragCancel={() => setIsDragging(false)}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={list.map((b) => b.id)} strategy={verticalListSortingStrategy}>
            <CollapseAll blockIds={list.map((b) => b.id)} />
            <ol aria-label="Blocks" className={`space-y-4 ${isDragging ? "[&_iframe]:pointer-events-none" : ""}`}>
              {list.map((block, i) => (
                <BlockCard
                  key={block.id}
                  block={block}
                  index={i}
                  projectId={projectId}
                  isCurrent={block.id === currentId}
                  autoFocus={block.id === focusId}
                  isBusy={busyId === block.id}
                  bank={bank}
                  quizzes={quizzes}
                  actions={actions}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      <MoveBlockDialog
        key={moving?.block.id ?? "none"}
        open={!!moving}
        blockLabel={moving ? describeBlock(moving.block) : "The block"}
        currentLessonId={lessonId}
        course={course}
        pending={move.isPending}
        error={moveError}
        onCancel={() => setMoving(undefined)}
        onMove={onMoveTo}
      />
      <ItemHistory itemId={lessonId} label="Lesson history" />
    </div>
  );
}

/** A long lesson folds to what learners see: every card collapsed, or every card's form shown. */
function CollapseAll({ blockIds }: { blockIds: string[] }) {
  const { collapsed, setCollapsed } = useCollapsedBlocks();
  const allCollapsed = blockIds.length > 0 && blockIds.every((id) => collapsed.has(id));
  return (
    <div className="mb-2 flex justify-end">
      <button
        type="button"
        onClick={() => setCollapsed(blockIds, !allCollapsed)}
        className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900"
      >
        {allCollapsed ? "Expand all blocks" : "Collapse all blocks"}
      </button>
    </div>
  );
}
