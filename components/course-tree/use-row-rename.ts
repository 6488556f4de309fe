"use client";

import { useRef, useState } from "react";
import { baseOf, type BaseVersion, type VersionedSave } from "@/components/conflicts/save-on-version";
import { useToast } from "@/components/ui/toast";
import type { TitledVersion } from "./queries";
import { KIND_LABEL, type FlatItem } from "./tree-model";

/**
 * Renaming a row in place, on the version the title was read at (docs/decisions/011): a title
 * saved elsewhere meanwhile opens a choice, keep mine (saved over theirs) or take theirs (with Undo).
 */
export function useRowRename({
  item,
  version,
  onRename,
}: {
  item: FlatItem;
  /** The item's `updated_at` as the tree last read it. */
  version: string;
  /** Saves a title typed over `base`; undefined when it failed for another reason (the tree says why). */
  onRename: (title: string, base: BaseVersion<string>) => Promise<VersionedSave<TitledVersion> | undefined>;
}) {
  const [isRenaming, setRenaming] = useState(false);
  const toast = useToast();
  // The version the typed title is based on, taken when renaming starts.
  const base = useRef<BaseVersion<string>>({ updatedAt: version, value: item.title });
  const [conflict, setConflict] = useState<{ theirs: TitledVersion; mine: string; was: string }>();
  // A save under way or a choice open: leaving the input (the dialog takes focus) must not send it again.
  const isBusy = useRef(false);

  function start() {
    base.current = { updatedAt: version, value: item.title };
    setRenaming(true);
  }

  async function rename(title: string) {
    if (isBusy.current) return;
    isBusy.current = true;
    const on = base.current;
    const result = await onRename(title, on);
    if (result?.outcome === "conflict") return setConflict({ theirs: result.item, mine: title, was: on.value });
    isBusy.current = false;
    if (result) base.current = baseOf(result.item, (i) => i.title);
    setRenaming(false);
  }

  function keepMine() {
    if (!conflict) return;
    base.current = baseOf(conflict.theirs, (i) => i.title);
    setConflict(undefined);
    isBusy.current = false;
    void rename(conflict.mine);
  }

  function takeTheirs() {
    if (!conflict) return;
    const { theirs, mine } = conflict;
    base.current = baseOf(theirs, (i) => i.title);
    setConflict(undefined);
    isBusy.current = false;
    setRenaming(false);
    toast.show(`The ${KIND_LABEL[item.kind]} keeps the other title, “${theirs.title}”.`, {
      action: { label: "Undo", run: () => void rename(mine) },
    });
  }

  function closeConflict() {
    // The typed title stays in its input, unsaved.
    isBusy.current = false;
    setConflict(undefined);
  }

  return { isRenaming, start, cancel: () => setRenaming(false), rename, conflict, keepMine, takeTheirs, closeConflict };
}
