"use client";

import { closestCenter, DndContext, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState, type ComponentProps, type ReactNode } from "react";
import { useSortableA11y, useSortableSensors, type ReorderWording } from "@/components/ui/use-sortable-a11y";
import { BlockCard, type BlockCardActions } from "./block-card";
import { CollapseAll } from "./collapse-all";
import { describeBlock } from "./describe-block";
import type { BlockDto } from "./queries";

type CardProps = ComponentProps<typeof BlockCard>;

/** The lesson editor's own words: the block picked up by its label, then only where it is. */
const blockWording = (_noun: string, total: number): ReorderWording => ({
  pickedUp: (name) => `Picked up ${name}.`,
  movedTo: (_name, to) => `The block is now at position ${to} of ${total}.`,
  notOver: () => "The block is no longer over the list.",
  droppedAt: (_name, at) => `Dropped. The block is now at position ${at} of ${total}.`,
  droppedOutside: () => "Dropped. The order did not change.",
  cancelled: (_name, at) => `Reordering cancelled. The block stays at position ${at} of ${total}.`,
  instructions:
    "To reorder a block, press space or enter on its handle, move it with the up and down arrow keys, " +
    "press space or enter again to drop it, or escape to cancel.",
});

/**
 * The lesson's blocks as cards, reordered by pointer or keyboard; `onReorder` changes the order
 * at once (and puts it back if the server refuses).
 */
export function SortableBlocks({
  blocks,
  projectId,
  currentId,
  focusId,
  busyId,
  bank,
  quizzes,
  actions,
  onReorder,
  reviewOf,
}: {
  blocks: BlockDto[];
  projectId: string;
  currentId: string | undefined;
  /** The block that takes focus as it appears (a new one). */
  focusId: string | undefined;
  busyId: string | undefined;
  bank: CardProps["bank"];
  quizzes: CardProps["quizzes"];
  actions: BlockCardActions;
  onReorder: (blockId: string, to: number) => void;
  /** What is under each card: its comment threads and suggested edits (components/review). */
  reviewOf?: (block: BlockDto, index: number) => ReactNode;
}) {
  const [isDragging, setIsDragging] = useState(false);
  const sensors = useSortableSensors();
  const ids = blocks.map((b) => b.id);
  const labelOf = (id: UniqueIdentifier) => {
    const i = blocks.findIndex((b) => b.id === id);
    return i >= 0 ? `${describeBlock(blocks[i])}, block ${i + 1} of ${blocks.length}` : "The block";
  };
  const { announcements, screenReaderInstructions } = useSortableA11y(ids, "block", labelOf, blockWording);

  function onDragEnd({ active, over }: DragEndEvent) {
    setIsDragging(false);
    if (!over || active.id === over.id) return;
    onReorder(
      String(active.id),
      blocks.findIndex((b) => b.id === over.id),
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={() => setIsDragging(true)}
      onDragCancel={() => setIsDragging(false)}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <CollapseAll blockIds={ids} />
        <ol aria-label="Blocks" className={`space-y-4 ${isDragging ? "[&_iframe]:pointer-events-none" : ""}`}>
          {blocks.map((block, i) => (
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
              review={reviewOf?.(block, i)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
