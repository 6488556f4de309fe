"use client";

import { useState } from "react";
import { LoadingText } from "@/components/ui/loading-placeholder";
import { useItemHistory, type HistoryEntry as Entry } from "./queries";

const VERBS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  restore: "Restored",
  publish: "Published",
  unpublish: "Unpublished",
  move: "Moved",
};
const VIA: Record<Entry["via"], { label: string; style: string }> = {
  browser: { label: "Person", style: "bg-slate-100 text-slate-700" },
  api: { label: "API", style: "bg-sky-100 text-sky-800" },
  agent: { label: "AI agent", style: "bg-violet-100 text-violet-800" },
};
const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function describe(operation: string) {
  const [verb, ...rest] = operation.split("_");
  return `${VERBS[verb] ?? verb} ${rest.join(" ")}`.trim();
}

/** Who changed an item and how: in the browser, through the API, or by an AI agent (with its key). */
export function ItemHistory({ itemId, label = "History" }: { itemId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const history = useItemHistory(itemId, open);
  return (
    <details className="rounded-lg border border-slate-200 bg-white text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-4 py-2 font-medium">{label}</summary>
      <div className="border-t border-slate-100 px-4 py-2">
        {history.isPending ? (
          <LoadingText className="text-slate-500">Loading the history…</LoadingText>
        ) : history.isError ? (
          <p className="text-red-700">Could not load the history: {history.error.message}</p>
        ) : history.data.length === 0 ? (
          <p className="text-slate-500">No changes recorded yet.</p>
        ) : (
          <ol className="space-y-1.5" aria-label={label}>
            {history.data.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${VIA[e.via]?.style ?? ""}`}>{VIA[e.via]?.label ?? e.via}</span>
                <span>
                  {describe(e.operation)} by <span className="font-medium">{e.actor_name}</span>
                  {e.api_key_name ? (
                    <span className="text-slate-500">
                      {" "}
                      with key “{e.api_key_name}” <span className="font-mono">{e.api_key_prefix}…</span>
                    </span>
                  ) : null}
                </span>
                <span className="ml-auto text-xs text-slate-500">{when.format(new Date(e.created_at))}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
