"use client";

import { useToast } from "@/components/ui/toast";
import { useTreeChange, type TitledVersion, type TreeChange } from "./queries";
import type { FlatItem } from "./tree-model";

/** The tree's writes (create, rename, delete, restore, publish, unpublish); all but a rename, which its row answers, end in a toast. */
export function useTreeWrites(projectId: string) {
  const write = useTreeChange(projectId);
  const toast = useToast();

  /** Sends a change; `success` is said when it is saved, with Undo when `undo` is given; an error is always said. */
  function run(change: TreeChange, success?: string, undo?: () => void) {
    write.mutate(change, {
      onSuccess: () =>
        success ? toast.show(success, { tone: "success", action: undo ? { label: "Undo", run: undo } : undefined }) : undefined,
      onError: (error) => toast.show(error.message, { tone: "error" }),
    });
  }

  /** Sends a title with If-Match; the row saves on its version and asks about a title saved elsewhere (useRowRename). */
  const rename = (item: FlatItem, title: string, ifMatch: string) =>
    write.mutateAsync({ action: "rename", item, title, ifMatch }) as Promise<TitledVersion>;

  return { run, rename };
}
