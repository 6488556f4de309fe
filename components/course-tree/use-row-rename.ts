"use client";

import { useRef, useState } from "react";
import { useVersionedSave } from "@/components/conflicts/use-versioned-save";
import { useToast } from "@/components/ui/toast";
import type { TitledVersion } from "./queries";
import { KIND_LABEL, type FlatItem } from "./tree-model";

const titleOf = (item: TitledVersion) => item.title;

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
  /** Sends a typed title with `If-Match: ifMatch`. */
  onRename: (title: string, ifMatch: string) => Promise<TitledVersion>;
}) {
  const [isRenaming, setRenaming] = useState(false);
  const toast = useToast();
  // A save under way or a choice open: leaving the input (the dialog takes focus) must not send it again.
  const isBusy = useRef(false);
  const saving = useVersionedSave<TitledVersion, string>({
    initialBase: () => ({ updatedAt: version, value: item.title }),
    partOf: titleOf,
    send: onRename,
    keepMine: ({ mine }) => {
      isBusy.current = false;
      void rename(mine);
    },
    takeTheirs: ({ theirs, mine }) => {
      isBusy.current = false;
      setRenaming(false);
      return { message: `The ${KIND_LABEL[item.kind]} keeps the other title, “${theirs.title}”.`, undo: () => void rename(mine) };
    },
    // The typed title stays in its input, unsaved.
    onDismiss: () => {
      isBusy.current = false;
    },
  });

  function start() {
    // The typed title is based on the version the tree shows when renaming starts.
    saving.rebase({ id: item.id, title: item.title, updated_at: version });
    setRenaming(true);
  }

  async function rename(title: string) {
    if (isBusy.current) return;
    isBusy.current = true;
    try {
      if ((await saving.save(title)).outcome === "conflict") return;
    } catch (error) {
      toast.show((error as Error).message, { tone: "error" });
    }
    isBusy.current = false;
    setRenaming(false);
  }

  return { isRenaming, start, cancel: () => setRenaming(false), rename, choice: saving };
}
