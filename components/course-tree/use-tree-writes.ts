"use client";

import { saveOnVersion, type BaseVersion } from "@/components/conflicts/save-on-version";
import { useToast } from "@/components/ui/toast";
import { useTreeChange, type TitledVersion, type TreeChange } from "./queries";
import type { FlatItem } from "./tree-model";

/** The tree's writes (create, rename, delete, restore, publish, unpublish), each answered with a toast. */
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

  /** Renames with If-Match; a title saved elsewhere meanwhile comes back as a conflict for the row to ask about. */
  async function rename(item: FlatItem, title: string, base: BaseVersion<string>) {
    try {
      return await saveOnVersion({
        base,
        mine: title,
        partOf: (saved: TitledVersion) => saved.title,
        send: (ifMatch) => write.mutateAsync({ action: "rename", item, title, ifMatch }) as Promise<TitledVersion>,
      });
    } catch (error) {
      toast.show((error as Error).message, { tone: "error" });
      return undefined;
    }
  }

  return { run, rename };
}
