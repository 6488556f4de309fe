"use client";

import type { SaveStatus } from "./use-autosave";

/** The short status beside a block's or the title's heading; a live region, so it is heard too. */
export function SaveIndicator({ status, error }: { status: SaveStatus; error?: { willRetry: boolean } }) {
  return (
    <span role="status" className="inline-flex min-h-5 items-center gap-1.5 text-xs whitespace-nowrap">
      {status === "saving" ? (
        <>
          <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-brand-500" />
          <span className="text-slate-500">Saving…</span>
        </>
      ) : status === "saved" ? (
        <>
          <span aria-hidden className="text-emerald-600">
            ✓
          </span>
          <span className="text-slate-500">Saved</span>
        </>
      ) : status === "error" ? (
        <>
          <span aria-hidden className="h-2 w-2 rounded-full bg-red-500" />
          <span className="font-medium text-red-700">{error?.willRetry ? "Couldn't save — retrying" : "Couldn't save"}</span>
        </>
      ) : null}
    </span>
  );
}

/** Under a block whose save failed: what went wrong, that the text is safe, and a way to retry. */
export function SaveErrorBar({ message, willRetry, onRetry }: { message: string; willRetry: boolean; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
      <p>
        {message.trim().replace(/\.?$/, ".")} Your changes are kept on this page
        {willRetry ? " and will be saved as soon as the server answers." : "."}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100"
      >
        Retry now
      </button>
    </div>
  );
}
