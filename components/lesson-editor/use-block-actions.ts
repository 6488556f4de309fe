"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { useToast } from "@/components/ui/toast";
import type { BlockCardActions } from "./block-card";
import { describeBlock } from "./describe-block";
import { errorText } from "./error-text";
import { useDeleteBlock, useMoveBlockToLesson, useRestoreBlock, type BlockDto } from "./queries";

/**
 * What a block card asks of the lesson: become the current block, delete (to the trash, with
 * Undo), move to another lesson (through the dialog this hook keeps), note a change made elsewhere.
 * The setters it takes are React's, so the actions stay the same object across renders.
 */
export function useBlockActions({
  projectId,
  lessonId,
  setCurrentId,
  setListError,
  onChangedElsewhere,
}: {
  projectId: string;
  lessonId: string;
  setCurrentId: Dispatch<SetStateAction<string | undefined>>;
  setListError: Dispatch<SetStateAction<string | undefined>>;
  onChangedElsewhere: (blockId: string) => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const [moving, setMoving] = useState<{ block: BlockDto; flush: () => Promise<void> }>();
  const [moveError, setMoveError] = useState<string>();
  const [busyId, setBusyId] = useState<string>();
  const remove = useDeleteBlock(lessonId);
  const restore = useRestoreBlock(projectId, lessonId);
  const move = useMoveBlockToLesson(lessonId);

  const actions: BlockCardActions = useMemo(
    () => ({
      onFocusBlock: (id) => setCurrentId(id),
      onChangedElsewhere,
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
    [remove.mutateAsync, restore.mutate, toast, onChangedElsewhere, setCurrentId, setListError],
  );

  async function moveTo(target: { id: string; title: string }) {
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

  return {
    actions,
    /** The block being deleted. */
    busyId,
    /** The block the move dialog is open for. */
    moving: moving?.block,
    moveError,
    isMoving: move.isPending,
    moveTo,
    closeMove: () => setMoving(undefined),
  };
}
