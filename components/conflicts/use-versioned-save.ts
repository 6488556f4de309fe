"use client";

import { useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { baseOf, saveOnVersion, type BaseVersion, type VersionedSave } from "./save-on-version";
import { useConflictChoice, type ChoiceActions, type ConflictChoice } from "./use-conflict-choice";

/** A save of `mine` on `base` that met their version. */
export type SaveConflict<T, V> = { theirs: T; mine: V; base: BaseVersion<V> };

/**
 * An editor's If-Match saving (docs/decisions/011-optimistic-concurrency.md): it keeps the version
 * its edit is based on, sends each save with it (`saveOnVersion`), moves it on with each save, and
 * when their version is in the way asks which one to keep (`useConflictChoice`).
 */
export function useVersionedSave<T extends { updated_at: string }, V>({
  initialBase,
  partOf,
  isSame,
  send,
  ...actions
}: {
  /** What the first save is based on: usually `baseOf(item, partOf)` for the item as the editor opened it. */
  initialBase: BaseVersion<V> | (() => BaseVersion<V>);
  /** The part of the item the editor edits. */
  partOf: (item: T) => V;
  isSame?: (a: V, b: V) => boolean;
  /** Sends the author's part with `If-Match: ifMatch`. */
  send: (mine: V, ifMatch: string) => Promise<T>;
} & Omit<ChoiceActions<SaveConflict<T, V>>, "rebase">): ConflictChoice<SaveConflict<T, V>> & {
  save: (mine: V) => Promise<VersionedSave<T>>;
  saveOrToast: (mine: V, changedAgain: string) => void;
  currentBase: () => BaseVersion<V>;
  rebase: (item: T) => void;
} {
  const toast = useToast();
  const [initial] = useState(initialBase);
  // A ref, not state: saves queued one after another each read the base the one before left.
  const base = useRef(initial);
  const rebase = (item: T) => {
    base.current = baseOf(item, partOf);
  };
  const choice = useConflictChoice<SaveConflict<T, V>>({ rebase, ...actions });

  /** Saves `mine` on the current base; a conflict opens the choice. Failures other than a conflict are thrown. */
  async function save(mine: V): Promise<VersionedSave<T>> {
    const on = base.current;
    const result = await saveOnVersion({ base: on, mine, partOf, isSame, send: (ifMatch) => send(mine, ifMatch) });
    // A conflict of a save sent before the author chose (Keep mine or Take theirs rebased since) is
    // settled already: asking again would put the same choice back over the chosen, saved text.
    if (result.outcome === "conflict") {
      if (base.current === on) choice.open({ theirs: result.item, mine, base: on });
    } else rebase(result.item);
    return result;
  }

  /** Saves where no dialog is left to ask (an Undo after the form closed): a further conflict, or a failure, is said in a toast. */
  function saveOrToast(mine: V, changedAgain: string) {
    save(mine).then(
      (result) => result.outcome === "conflict" && toast.show(changedAgain, { tone: "error" }),
      (error) => toast.show(error instanceof Error ? error.message : "Something went wrong.", { tone: "error" }),
    );
  }

  return { ...choice, save, saveOrToast, currentBase: () => base.current, rebase };
}
