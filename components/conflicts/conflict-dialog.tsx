"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { Conflict, ConflictChoice } from "./use-conflict-choice";

function Version({ label, note, text }: { label: string; note: string; text: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200">
      <header className="flex items-baseline justify-between gap-2 border-b border-slate-100 bg-slate-50 px-3 py-2">
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {label}
        </h3>
        <span className="text-xs text-slate-500">{note}</span>
      </header>
      <p className="max-h-[40dvh] overflow-y-auto px-3 py-2 font-mono text-sm break-words whitespace-pre-wrap text-slate-800">{text}</p>
    </section>
  );
}

/**
 * An item (a block, a title, a category…) was saved elsewhere (another tab, another author) after this page's
 * draft was based on it: both versions side by side, and the author chooses. Closing it keeps the draft on the page,
 * unsaved (docs/decisions/011-optimistic-concurrency.md).
 */
export function ConflictDialog({
  open,
  itemLabel,
  theirs,
  theirsSavedAt,
  mine,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  open: boolean;
  /** What changed, as the title says it: "Block 2", "The lesson title". */
  itemLabel: string;
  theirs: string;
  theirsSavedAt: string;
  mine: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  const time = new Date(theirsSavedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="wide"
      title={`${itemLabel} was changed elsewhere`}
      description="Someone else, or you in another tab, saved it while you were editing it. Choose which version to keep."
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onTakeTheirs}>
            Take theirs
          </Button>
          <Button type="button" data-autofocus onClick={onKeepMine}>
            Keep mine
          </Button>
        </div>
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Version label="Theirs" note={`saved at ${time}`} text={theirs} />
        <Version label="Yours" note="not saved yet" text={mine} />
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Keep mine saves your version over theirs. Take theirs puts their version in the editor; you can undo that right after.
      </p>
    </Modal>
  );
}

/** The dialog of an editor's `useConflictChoice` (or `useVersionedSave`), while a conflict waits for a choice. */
export function ConflictChoiceDialog<C extends Conflict>({
  choice,
  describe,
}: {
  choice: ConflictChoice<C>;
  /** The item's name as the title says it, and both versions as text. */
  describe: (conflict: C) => { itemLabel: string; theirs: string; mine: string };
}) {
  if (!choice.conflict) return null;
  return (
    <ConflictDialog
      open
      {...describe(choice.conflict)}
      theirsSavedAt={choice.conflict.theirs.updated_at}
      onKeepMine={choice.keepMine}
      onTakeTheirs={choice.takeTheirs}
      onClose={choice.dismiss}
    />
  );
}
