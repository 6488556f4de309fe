"use client";

import type { Announcements, UniqueIdentifier } from "@dnd-kit/core";
import { useRef } from "react";

/**
 * What a screen reader hears while a list is reordered with dnd-kit: where the item was picked
 * up, each position it moves over, where it was dropped. `noun` names the items in the
 * keyboard instructions ("question", "block"); `nameOf` names one item.
 */
export function useSortableA11y(ids: string[], noun: string, nameOf: (id: UniqueIdentifier) => string | undefined) {
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const total = ids.length;
  const name = (id: UniqueIdentifier) => `“${nameOf(id) || noun}”`;
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${name(active.id)}, at position ${position(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      // dnd-kit reports the item over itself as the drag starts: nothing has moved yet.
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${name(active.id)} moved to position ${position(over.id)} of ${total}.` : `${name(active.id)} is not over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} dropped at position ${position(over.id)} of ${total}.`
        : `${name(active.id)} dropped; the order is unchanged.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${name(active.id)} stays at position ${position(active.id)} of ${total}.`,
  };
  const screenReaderInstructions = {
    draggable: `To reorder, press Space or Enter to pick the ${noun} up. Use the Up and Down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.`,
  };
  return { announcements, screenReaderInstructions };
}
