"use client";

import { useState } from "react";
import { useToast } from "@/components/ui/toast";

/** A save refused because the item changed meanwhile: at least their version, as the server holds it now. */
export type Conflict = { theirs: { updated_at: string } };

/** What "Take theirs" did, said in a toast whose Undo brings the author's version back. */
export type TheirsTaken = { message: string; undo: () => void };

/** What an editor does on each answer; moving its base onto their version is common to both choices. */
export type ChoiceActions<C extends Conflict> = {
  /** Their version becomes what the editor's next save is based on. */
  rebase: (theirs: C["theirs"]) => void;
  /** Saves the author's version over theirs (the base is theirs by then). */
  keepMine: (conflict: C) => void;
  /** Puts their version on screen. */
  takeTheirs: (conflict: C) => TheirsTaken;
  /** The dialog closed without a choice: the author's version stays on screen, unsaved. */
  onDismiss?: () => void;
};

export type ConflictChoice<C extends Conflict> = {
  conflict: C | undefined;
  /** Asks the author: their version or mine. */
  open: (conflict: C) => void;
  keepMine: () => void;
  takeTheirs: () => void;
  dismiss: () => void;
};

/**
 * The choice a refused save asks for (docs/decisions/011-optimistic-concurrency.md): "Keep mine"
 * saves the author's version on theirs; "Take theirs" shows theirs and offers Undo. Editors that
 * keep their base themselves use it directly; the others get it from `useVersionedSave`.
 */
export function useConflictChoice<C extends Conflict>({ rebase, keepMine, takeTheirs, onDismiss }: ChoiceActions<C>): ConflictChoice<C> {
  const toast = useToast();
  const [conflict, setConflict] = useState<C>();

  /** Ends the choice: their version is the base whichever way the author chose. */
  function settle(): C | undefined {
    if (!conflict) return undefined;
    rebase(conflict.theirs);
    setConflict(undefined);
    return conflict;
  }

  return {
    conflict,
    open: setConflict,
    keepMine: () => {
      const settled = settle();
      if (settled) keepMine(settled);
    },
    takeTheirs: () => {
      const settled = settle();
      if (!settled) return;
      const { message, undo } = takeTheirs(settled);
      toast.show(message, { action: { label: "Undo", run: undo } });
    },
    dismiss: () => {
      setConflict(undefined);
      onDismiss?.();
    },
  };
}
