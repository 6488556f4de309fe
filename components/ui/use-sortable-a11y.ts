"use client";

import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Modifier,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useRef } from "react";

/**
 * How every sortable list is picked up: by pointer once it has moved `distance` pixels (so a click
 * on the handle stays a click), or by keyboard with Space or Enter on the focused handle.
 */
export function useSortableSensors(distance = 4) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** For lists that only move up and down: the dragged item keeps its column. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** What a reorder says at each step: `name` is the item's name, positions count from 1. */
export type ReorderWording = {
  pickedUp: (name: string, at: number) => string;
  movedTo: (name: string, to: number) => string;
  notOver: (name: string) => string;
  droppedAt: (name: string, at: number) => string;
  droppedOutside: (name: string) => string;
  cancelled: (name: string, at: number) => string;
  instructions: string;
};

/** The wording lists use unless they bring their own: the item by its quoted name and its position of `total`. */
export const positionWording = (noun: string, total: number): ReorderWording => ({
  pickedUp: (name, at) => `Picked up “${name}”, at position ${at} of ${total}.`,
  movedTo: (name, to) => `“${name}” moved to position ${to} of ${total}.`,
  notOver: (name) => `“${name}” is not over a position.`,
  droppedAt: (name, at) => `“${name}” dropped at position ${at} of ${total}.`,
  droppedOutside: (name) => `“${name}” dropped; the order is unchanged.`,
  cancelled: (name, at) => `Reordering cancelled. “${name}” stays at position ${at} of ${total}.`,
  instructions: `To reorder, press Space or Enter to pick the ${noun} up. Use the Up and Down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.`,
});

/**
 * What a screen reader hears while a list is reordered with dnd-kit: where the item was picked
 * up, each position it moves over, where it was dropped. `noun` names the items in the
 * keyboard instructions ("question", "block"); `nameOf` names one item; `wording` says it.
 */
export function useSortableA11y(
  ids: string[],
  noun: string,
  nameOf: (id: UniqueIdentifier) => string | undefined,
  wording: (noun: string, total: number) => ReorderWording = positionWording,
) {
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const say = wording(noun, ids.length);
  const name = (id: UniqueIdentifier) => nameOf(id) || noun;
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return say.pickedUp(name(active.id), position(active.id));
    },
    onDragOver: ({ active, over }) => {
      // dnd-kit reports the item over itself as the drag starts: nothing has moved yet.
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? say.movedTo(name(active.id), position(over.id)) : say.notOver(name(active.id));
    },
    onDragEnd: ({ active, over }) => (over ? say.droppedAt(name(active.id), position(over.id)) : say.droppedOutside(name(active.id))),
    onDragCancel: ({ active }) => say.cancelled(name(active.id), position(active.id)),
  };
  const screenReaderInstructions = { draggable: say.instructions };
  return { announcements, screenReaderInstructions };
}
