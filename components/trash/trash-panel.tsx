"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/client/api";
import { useRestoreTrashItem, useTrash } from "./queries";

const KIND: Record<string, string> = {
  course: "Course",
  module: "Module",
  lesson: "Lesson",
  block: "Block",
  question: "Question",
  quiz: "Quiz",
  category: "Category",
  question_family: "Question family",
};
const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function TrashPanel({ projectId }: { projectId: string }) {
  const toast = useToast();
  const [blocked, setBlocked] = useState<{ id: string; message: string } | null>(null);
  const trash = useTrash(projectId);
  const restore = useRestoreTrashItem(projectId, {
    restored: (result, item) => {
      setBlocked(null);
      toast.show(
        `${KIND[item.kind] ?? item.kind} “${item.title}” restored${result.restored_count > 1 ? ` with ${result.restored_count - 1} item${result.restored_count > 2 ? "s" : ""} deleted along with it` : ""}.`,
        { tone: "success" },
      );
    },
    refused: (error, item) => {
      if (error instanceof ApiClientError && error.code === "parent_in_trash") {
        const parent = error.details as { kind?: string } | undefined;
        setBlocked({
          id: item.id,
          message: `Restore its ${(KIND[parent?.kind ?? ""] ?? "parent").toLowerCase()} first: “${item.title}” cannot come back while its ${parent?.kind?.replace("_", " ") ?? "parent"} is in the trash.`,
        });
      } else toast.show(`Could not restore: ${error.message}`, { tone: "error" });
    },
  });

  if (trash.isPending) return <LoadingPlaceholder label="Loading the trash" />;
  if (trash.isError) return <Alert>Could not load the trash: {trash.error.message}</Alert>;
  const items = trash.data.pages.flatMap((p) => p.items);

  return (
    <section aria-labelledby="trash-heading" className="rounded-lg border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="trash-heading" className="font-semibold">
          Trash
        </h2>
        <p className="text-sm text-slate-500">
          Deleted items stay here until restored. Restoring brings back everything deleted with the item.
        </p>
      </div>
      {items.length === 0 ? (
        <p className="p-8 text-center text-sm text-slate-500">The trash is empty.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-2 font-medium">Item</th>
              <th className="hidden px-4 py-2 font-medium sm:table-cell">Where it was</th>
              <th className="hidden px-4 py-2 font-medium sm:table-cell">Deleted</th>
              <th className="px-4 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={`${item.kind}-${item.id}`} className="align-top">
                <td className="px-4 py-3">
                  {/* The space keeps kind and title two words for screen readers ("Module Phishing", not "ModulePhishing"). */}
                  <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                    {KIND[item.kind] ?? item.kind}
                  </span>{" "}
                  <span className="font-medium wrap-anywhere">{item.title}</span>
                  {/* On a phone the two columns that follow are folded in here, so Restore stays on screen. */}
                  <div className="mt-1 space-y-0.5 text-xs text-slate-600 sm:hidden">
                    {item.context ? <p className="wrap-anywhere">{item.context}</p> : null}
                    <p>
                      Deleted {when.format(new Date(item.deleted_at))}
                      {item.deleted_by_name ? ` by ${item.deleted_by_name}` : null}
                    </p>
                  </div>
                  {blocked?.id === item.id ? (
                    <div className="mt-2">
                      <Alert>{blocked.message}</Alert>
                    </div>
                  ) : null}
                </td>
                <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">{item.context ?? "—"}</td>
                <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
                  {when.format(new Date(item.deleted_at))}
                  {item.deleted_by_name ? <span className="block text-xs">by {item.deleted_by_name}</span> : null}
                </td>
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="secondary"
                    aria-label={`Restore ${KIND[item.kind] ?? item.kind} ${item.title}`}
                    disabled={restore.isPending && restore.variables?.id === item.id}
                    onClick={() => restore.mutate(item)}
                  >
                    Restore
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {trash.hasNextPage ? (
        <div className="border-t border-slate-200 p-3 text-center">
          <Button variant="ghost" onClick={() => trash.fetchNextPage()} disabled={trash.isFetchingNextPage}>
            {trash.isFetchingNextPage ? "Loading…" : "Show more"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
