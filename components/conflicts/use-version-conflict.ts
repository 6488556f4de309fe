"use client";

import { useState } from "react";
import { baseOf, type BaseVersion } from "./save-on-version";

/**
 * A form's base version and the conflict its last save met (docs/decisions/011-optimistic-concurrency.md),
 * for the editors that save a part of an item on submit (a category's name, a family, a quiz's title).
 */
export function useVersionConflict<T extends { updated_at: string }, V>(item: T, partOf: (item: T) => V) {
  const [base, setBase] = useState<BaseVersion<V>>(() => baseOf(item, partOf));
  const [conflict, setConflict] = useState<{ theirs: T; mine: V }>();

  /** "Keep mine": the other version becomes the base, and the author's value is saved on it. */
  function keepMine(save: (mine: V, on: BaseVersion<V>) => unknown) {
    if (!conflict) return;
    const on = baseOf(conflict.theirs, partOf);
    setBase(on);
    setConflict(undefined);
    save(conflict.mine, on);
  }

  return { base, setBase, conflict, setConflict, keepMine };
}
