"use client";

import { useMemo, useState } from "react";
import { ItemHistory } from "@/components/history/item-history";
import { Alert } from "@/components/ui/alert";
import { ApiClientError } from "@/lib/client/api";
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

export function LessonEditor({ projectId, lessonId }: { projectId: string; lessonId: string }) {
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
