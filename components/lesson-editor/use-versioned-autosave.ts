"use client";

import { useEffect, useEffectEvent, useRef } from "react";
import { baseOf, sameJson, type BaseVersion } from "@/components/conflicts/save-on-version";
import type { ConflictChoice } from "@/components/conflicts/use-conflict-choice";
import { useVersionedSave, type SaveConflict } from "@/components/conflicts/use-versioned-save";
import { ApiClientError } from "@/lib/client/api";
import { useAutosave } from "./use-autosave";

/**
 * An autosaved draft (`useAutosave`) whose saves go out on the version it is based on, the If-Match
 * protocol of `useVersionedSave` (docs/decisions/011-optimistic-concurrency.md). A conflict fails the
 * save, so the draft stays on the page with its error, and asks: "Keep mine" sends the draft again
 * on their version; "Take theirs" puts theirs in the form, and its Undo brings the draft back.
 */
export function useVersionedAutosave<D, T extends { updated_at: string }, V>({
  initial,
  initialBase,
  partOf,
  mineOf,
  draftOf,
  send,
  onTheirs,
  conflictMessage,
  theirsTakenMessage,
  latest,
  onChangedElsewhere,
  backupKey,
  validate,
}: {
  initial: D;
  /** The base of the first save; `restoredVersion` is the one a draft restored from a backup was typed over. */
  initialBase: (restoredVersion: string | undefined) => BaseVersion<V>;
  /** The part of the item the draft edits, as compared between versions. */
  partOf: (item: T) => V;
  /** The same part of a draft. */
  mineOf: (draft: D) => V;
  /** An item as a draft in the form. */
  draftOf: (item: T) => D;
  /** Sends the draft with `If-Match: ifMatch`; the new version goes where the page reads it. */
  send: (draft: D, ifMatch: string) => Promise<T>;
  /** A version saved elsewhere became this page's (it held the draft already, or the author took it). */
  onTheirs: (item: T) => void;
  /** The save's error while a conflict waits (and after the dialog is closed). */
  conflictMessage: string;
  theirsTakenMessage: string;
  /**
   * The item as the page last read it, when it is read again meanwhile (the blocks are polled): a
   * newer version with the base's part (a move) becomes the base; one with another part, not the
   * draft being sent, is reported to `onChangedElsewhere`, as a conflict is.
   */
  latest?: T;
  onChangedElsewhere?: () => void;
  backupKey?: string;
  validate?: (draft: D) => string | null;
}) {
  // The draft being saved: what `send` sends, and what a version read meanwhile is not someone else's edit for.
  const sending = useRef<{ draft: D; mine: V } | null>(null);
  const autosave = useAutosave<D>({
    initial,
    save: async (draft) => {
      sending.current = { draft, mine: mineOf(draft) };
      try {
        const result = await versioned.save(sending.current.mine);
        if (result.outcome === "same") onTheirs(result.item);
        if (result.outcome === "conflict") {
          onChangedElsewhere?.();
          throw new ApiClientError(409, conflictMessage, "conflict");
        }
      } finally {
        sending.current = null;
      }
    },
    backupKey,
    baseVersion: (): string => versioned.currentBase().updatedAt,
    validate,
  });
  const versioned = useVersionedSave<T, V>({
    initialBase: (): BaseVersion<V> => initialBase(autosave.restoredVersion),
    partOf,
    // Called only while `save` above runs, which set `sending`.
    send: (_mine, ifMatch) => send(sending.current!.draft, ifMatch),
    keepMine: () => autosave.retryNow(),
    takeTheirs: ({ theirs }) => {
      const mine = autosave.value;
      onTheirs(theirs);
      autosave.replace(draftOf(theirs));
      return { message: theirsTakenMessage, undo: () => autosave.setValue(mine, { immediate: true }) };
    },
  });

  const onRead = useEffectEvent((item: T) => {
    const known = versioned.currentBase();
    if (Date.parse(item.updated_at) <= Date.parse(known.updatedAt)) return;
    const seen = baseOf(item, partOf);
    if (sameJson(seen.value, known.value)) versioned.rebase(item);
    else if (!sending.current && !autosave.isDirty() && sameJson(mineOf(autosave.value), known.value)) {
      // Nothing of the author's is unsaved here: the other version shows at once (an edit in
      // progress would have been kept, and its save asked). The page still says what changed.
      versioned.rebase(item);
      autosave.replace(draftOf(item));
      onChangedElsewhere?.();
    } else if (!sending.current || !sameJson(seen.value, sending.current.mine)) onChangedElsewhere?.();
  });
  useEffect(() => {
    if (latest) onRead(latest);
  }, [latest]);

  const choice: ConflictChoice<SaveConflict<T, V>> = versioned;
  return { ...autosave, choice };
}
