"use client";

import { closestCenter, type Announcements, type DndContextProps, type DragEndEvent, type DragStartEvent } from "@dnd-kit/core";
import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import { useSortableSensors } from "@/components/ui/use-sortable-a11y";
import { useMoveItem } from "./queries";
import { itemLabel, planMove, type FlatItem } from "./tree-model";

/**
 * Moving courses, modules and lessons by dragging a row's handle or by keyboard: each step named
 * for screen readers, the move planned from the flat list (or refused with a reason), saved at once
 * and put back if the server refuses. `all` is the whole tree flattened, folded parts included.
 */
export function useTreeDrag(projectId: string, all: FlatItem[]) {
  const move = useMoveItem(projectId);
  const toast = useToast();
  // The row being dragged: its children are hidden while it moves.
  const [activeId, setActiveId] = useState<string | null>(null);
  const sensors = useSortableSensors(5);

  const name = (id: string | number | undefined) => {
    const item = all.find((i) => i.id === id);
    return item ? itemLabel(item) : "item";
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${name(active.id)} is no longer over a drop place.`
        : over.id === active.id
          ? undefined
          : `${name(active.id)} is over ${name(over.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} was dropped on ${name(over.id)}.` : `${name(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    if (!over) return;
    const plan = planMove(all, String(active.id), String(over.id));
    if (!plan) return;
    if ("refused" in plan) return toast.show(plan.refused, { tone: "error" });
    move.mutate(plan, {
      onError: (error) => toast.show(`Could not move ${name(active.id)}: ${error.message}. It is back where it was.`, { tone: "error" }),
    });
  }

  const dndProps: DndContextProps = {
    sensors,
    collisionDetection: closestCenter,
    accessibility: { announcements },
    onDragStart: ({ active }: DragStartEvent) => setActiveId(String(active.id)),
    onDragCancel: () => setActiveId(null),
    onDragEnd,
  };
  return { activeId, dndProps };
}
