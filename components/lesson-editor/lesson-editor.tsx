"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { ItemHistory } from "@/components/history/item-history";
import { describePresent, usePresence } from "@/components/presence/use-presence";
import { BlockReview } from "@/components/review/block-review";
import { useLessonSuggestions, useLessonThreads, useReviewWrites } from "@/components/review/queries";
import { ReviewBar, type ThreadFilter } from "@/components/review/review-bar";
import { Alert } from "@/components/ui/alert";
import { useMembers } from "@/components/workspaces/queries";
import { ApiClientError } from "@/lib/client/api";
import { blockKeys, lessonKeys, reviewKeys } from "@/lib/client/query-keys";
import { describeBlock } from "./describe-block";
import { MoveBlockDialog, NewQuestionBlockDialog, NewQuizBlockDialog } from "./dialogs";
import { EditorSkeleton } from "./editor-skeleton";
import { errorText } from "./error-text";
import { describeEditors } from "./lesson-editors";
import { BackLink, LessonHeader } from "./lesson-header";
import { LessonToolbar } from "./lesson-toolbar";
import { useLesson, useLessonBlocks, useLessonCourse, useLessonEditors, useQuestionBank, useQuizList, useReorderBlock } from "./queries";
import { SortableBlocks } from "./sortable-blocks";
import { useAddBlock } from "./use-add-block";
import { useBlockActions } from "./use-block-actions";
import { useChangedElsewhere } from "./use-changed-elsewhere";

export function LessonEditor({ projectId, lessonId, workspaceId }: { projectId: string; lessonId: string; workspaceId?: string }) {
  const lesson = useLesson(lessonId);
  const blocks = useLessonBlocks(lessonId);
  const location = useLessonCourse(projectId, lesson.data?.module_id);

  const [currentId, setCurrentId] = useState<string>();
  const [focusId, setFocusId] = useState<string>();
  const [listError, setListError] = useState<string>();
  const elsewhere = useChangedElsewhere();
  const editors = useLessonEditors(lessonId);
  const otherEditors = describeEditors(editors.data?.editors ?? []);

  const list = useMemo(() => blocks.data ?? [], [blocks.data]);

  // Review: the lesson's threads and suggested edits under their blocks (issue 41).
  const courseId = location.module.data?.course_id;
  const threads = useLessonThreads(courseId, lessonId);
  const suggestions = useLessonSuggestions(courseId, lessonId);
  const writes = useReviewWrites(courseId, lessonId);
  const members = useMembers(workspaceId ?? "", !!workspaceId);
  // Those who may open the thread: the workspace's authors and admins.
  const mentionable = useMemo(() => (members.data?.members ?? []).filter((m) => !m.is_you && m.role !== "learner"), [members.data]);
  const linkedThread = useSearchParams()?.get("thread") ?? undefined;
  const [threadFilter, setThreadFilter] = useState<ThreadFilter>("open");
  const allThreads = threads.data ?? [];
  const shownThreads = threadFilter === "all" ? allThreads : allThreads.filter((t) => t.status === threadFilter || t.id === linkedThread);
  const openSuggestions = suggestions.data ?? [];

  // Who else has the lesson open, and where; a save anywhere refreshes what the page shows
  // (a block with unsaved edits keeps them: components/lesson-editor/use-versioned-autosave.ts).
  const client = useQueryClient();
  const present = usePresence({ kind: "lesson", id: lessonId }, currentId, () => {
    void client.invalidateQueries({ queryKey: blockKeys.ofLesson(lessonId) });
    void client.invalidateQueries({ queryKey: lessonKeys.detail(lessonId) });
    if (courseId) void client.invalidateQueries({ queryKey: reviewKeys.ofCourse(courseId) });
  });
  const hereNow = describePresent(present, (blockId) => {
    const at = list.findIndex((b) => b.id === blockId);
    return at >= 0 ? `block ${at + 1}` : undefined;
  });
  // A mention's mail links to its thread (?thread=): shown whatever the filter, and scrolled to once there.
  const scrolledTo = useRef<string>(undefined);
  const linkedIsShown = !!linkedThread && allThreads.some((t) => t.id === linkedThread) && list.length > 0;
  useEffect(() => {
    if (!linkedIsShown || scrolledTo.current === linkedThread) return;
    document.getElementById(`thread-${linkedThread}`)?.scrollIntoView({ block: "center" });
    scrolledTo.current = linkedThread;
  }, [linkedIsShown, linkedThread]);
  const add = useAddBlock({
    lessonId,
    blocks: list,
    currentId,
    onAdded: (blockId) => {
      setCurrentId(blockId);
      setFocusId(blockId);
    },
    onError: setListError,
  });
  // The bank is read when the new-block picker opens; a card reads it when its author changes its
  // question (QuestionRefForm). Cards find a newly picked question in the same cache.
  const bank = useQuestionBank(projectId, add.picker === "question");
  const quizzes = useQuizList(projectId, list.some((b) => b.type === "quiz") || add.picker === "quiz");
  const cards = useBlockActions({ projectId, lessonId, setCurrentId, setListError, onChangedElsewhere: elsewhere.noteChange });
  const reorder = useReorderBlock(lessonId);

  // Reordering: the order changes at once and comes back if refused.
  function onReorder(blockId: string, to: number) {
    setListError(undefined);
    reorder.mutate(
      { blockId, to },
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

  return (
    <div className="space-y-5">
      <LessonHeader projectId={projectId} lessonId={lessonId} lesson={lesson.data} location={location} />

      <LessonToolbar
        placement={add.placement}
        isAdding={add.isAdding}
        isDisabled={blocks.isPending}
        onPick={add.pick}
        onAddAtEnd={add.isAfterCurrent ? () => setCurrentId(undefined) : undefined}
        blockCount={blocks.data ? list.length : undefined}
        alsoEdited={
          elsewhere.recent.length || otherEditors
            ? {
                who: otherEditors,
                blockNumbers: elsewhere.recent.length
                  ? list.map((b, i) => (elsewhere.recent.includes(b.id) ? i + 1 : 0)).filter(Boolean)
                  : undefined,
              }
            : undefined
        }
        error={listError}
        onDismissError={() => setListError(undefined)}
      />

      {hereNow ? (
        <p role="status" aria-label="Who else is here" className="rounded-md bg-sky-50 px-3 py-1.5 text-sm text-sky-900">
          Here now: {hereNow}
        </p>
      ) : null}

      {courseId ? (
        <ReviewBar
          counts={{
            open: allThreads.filter((t) => t.status === "open").length,
            resolved: allThreads.filter((t) => t.status === "resolved").length,
            suggestions: openSuggestions.length,
          }}
          filter={threadFilter}
          onFilter={setThreadFilter}
        />
      ) : null}

      {/* Before the list: effects run in tree order, so a picker that closes as its block is added
          gives focus back (the page behind a modal dialog is inert) before the new card takes it. */}
      <NewQuestionBlockDialog
        open={add.picker === "question"}
        projectId={projectId}
        bank={bank}
        pending={add.isAdding}
        error={add.pickerError}
        onCancel={add.closePicker}
        onCreate={add.pickRef}
      />
      <NewQuizBlockDialog
        open={add.picker === "quiz"}
        projectId={projectId}
        quizzes={quizzes}
        pending={add.isAdding}
        error={add.pickerError}
        onCancel={add.closePicker}
        onCreate={add.pickRef}
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
        <SortableBlocks
          blocks={list}
          projectId={projectId}
          currentId={currentId}
          focusId={focusId}
          busyId={cards.busyId}
          bank={bank}
          quizzes={quizzes}
          actions={cards.actions}
          onReorder={onReorder}
          reviewOf={(block, i) => (
            <BlockReview
              block={block}
              number={i + 1}
              threads={shownThreads.filter((t) => t.block_id === block.id)}
              suggestions={openSuggestions.filter((s) => s.block_id === block.id)}
              members={mentionable}
              writes={writes}
              highlightId={linkedThread}
              presentHere={present.filter((p) => p.block_id === block.id).map((p) => (p.is_you ? "you (another tab)" : p.user_name))}
            />
          )}
        />
      )}

      <MoveBlockDialog
        key={cards.moving?.id ?? "none"}
        open={!!cards.moving}
        blockLabel={cards.moving ? describeBlock(cards.moving) : "The block"}
        currentLessonId={lessonId}
        course={location.course}
        pending={cards.isMoving}
        error={cards.moveError}
        onCancel={cards.closeMove}
        onMove={cards.moveTo}
      />
      <ItemHistory itemId={lessonId} label="Lesson history" />
    </div>
  );
}
