"use client";

import { useState } from "react";
import { BlockView } from "@/components/blocks/block-view";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api";
import type { BlockDto, SuggestionDto } from "@/lib/client/types";
import { SuggestionDiff } from "./suggestion-diff";
import { AuthorLine } from "./thread-view";

type Conflict = { current: BlockDto; suggested: unknown };

/**
 * A suggested edit as its author sees it: who suggested it and why, the change as a diff against
 * the block as it was then, and Accept or Reject. If the block changed since, accepting shows the
 * block now beside the suggestion and asks: nothing is overwritten without a choice.
 */
export function SuggestionCard({
  suggestion,
  block,
  onAccept,
  onReject,
}: {
  suggestion: SuggestionDto;
  block: BlockDto;
  onAccept: (force: boolean) => Promise<unknown>;
  onReject: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<Conflict>();

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 409 && e.code === "conflict" && e.details?.current) {
        setConflict({ current: e.details.current as BlockDto, suggested: e.details.suggested });
      } else {
        setError(e instanceof Error ? e.message : "Something went wrong; try again.");
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-label={`Suggestion by ${suggestion.author.name}`} className="space-y-2 rounded-md border border-sky-200 bg-sky-50/40 p-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-sky-800">Suggested edit</p>
      <AuthorLine author={suggestion.author} at={suggestion.created_at} />
      {suggestion.note ? <p className="text-sm whitespace-pre-wrap break-words text-slate-900">{suggestion.note}</p> : null}
      {conflict ? (
        <div
          role="group"
          aria-label="The block changed after this suggestion"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2"
        >
          <p className="text-sm text-amber-900">
            The block changed after this suggestion was made. Compare them, then choose: nothing changes until you do.
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            <section aria-label="The block now" className="min-w-0 rounded border border-slate-200 bg-white p-2">
              <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">The block now</p>
              <BlockView block={conflict.current} />
            </section>
            <section aria-label="The suggestion" className="min-w-0 rounded border border-slate-200 bg-white p-2">
              <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">The suggestion</p>
              <BlockView block={{ ...block, content: conflict.suggested }} />
            </section>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={() => void run(() => onAccept(true))} className="px-2.5 py-1 text-xs">
              Apply the suggestion anyway
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void run(onReject)} className="px-2.5 py-1 text-xs">
              Keep the block, reject it
            </Button>
            <Button type="button" variant="ghost" disabled={busy} onClick={() => setConflict(undefined)} className="px-2.5 py-1 text-xs">
              Decide later
            </Button>
          </div>
        </div>
      ) : (
        <>
          <SuggestionDiff before={suggestion.base_content} after={suggestion.content} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={() => void run(() => onAccept(false))} className="px-2.5 py-1 text-xs">
              Accept
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void run(onReject)} className="px-2.5 py-1 text-xs">
              Reject
            </Button>
          </div>
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </article>
  );
}
