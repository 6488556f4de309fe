"use client";

import { useRef, useState } from "react";
import type { BlockDto, CommentThreadDto, SuggestionDto } from "@/lib/client/types";
import { CommentComposer, selectedTextIn } from "./comment-composer";
import type { Mentionable } from "./mention-textarea";
import type { useReviewWrites } from "./queries";
import { SuggestionCard } from "./suggestion-card";
import { ThreadView } from "./thread-view";

/**
 * Under a block in the lesson editor: its threads (as the lesson's filter shows them) and its open
 * suggestions, and "Comment" to start a thread, quoting what is selected in the block.
 */
export function BlockReview({
  block,
  number,
  threads,
  suggestions,
  members,
  writes,
  highlightId,
  presentHere = [],
}: {
  block: BlockDto;
  number: number;
  threads: CommentThreadDto[];
  suggestions: SuggestionDto[];
  members: Mentionable[];
  writes: ReturnType<typeof useReviewWrites>;
  highlightId?: string;
  /** Who else is in this block now. */
  presentHere?: string[];
}) {
  const root = useRef<HTMLDivElement>(null);
  const [composing, setComposing] = useState<{ quote?: string }>();
  const quoteRoot = () => root.current?.closest("li") ?? null;

  return (
    <div ref={root} className="mt-1.5 space-y-2 pl-1">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          // Read the selection before the click moves focus.
          onPointerDown={() => setComposing((c) => c ?? { quote: selectedTextIn(quoteRoot()) })}
          onClick={() => setComposing((c) => c ?? { quote: selectedTextIn(quoteRoot()) })}
          aria-label={`Comment on block ${number}`}
          className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900"
        >
          💬 Comment
        </button>
        {presentHere.length ? (
          <span className="rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800">Here: {presentHere.join(", ")}</span>
        ) : null}
        {threads.length || suggestions.length ? (
          <span className="text-xs text-slate-500">
            {[
              threads.length ? `${threads.length} ${threads.length === 1 ? "thread" : "threads"}` : "",
              suggestions.length ? `${suggestions.length} suggested ${suggestions.length === 1 ? "edit" : "edits"}` : "",
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        ) : null}
      </div>
      {composing ? (
        <CommentComposer
          label={`New comment on block ${number}`}
          quote={composing.quote}
          members={members}
          onCancel={() => setComposing(undefined)}
          onSubmit={async (input) => {
            await writes.comment.mutateAsync({ blockId: block.id, ...input });
            setComposing(undefined);
          }}
        />
      ) : null}
      {suggestions.map((s) => (
        <SuggestionCard
          key={s.id}
          suggestion={s}
          block={block}
          onAccept={(force) => writes.accept.mutateAsync({ suggestionId: s.id, force })}
          onReject={() => writes.reject.mutateAsync(s.id)}
        />
      ))}
      {threads.map((t) => (
        <ThreadView
          key={t.id}
          thread={t}
          members={members}
          isHighlighted={t.id === highlightId}
          onReply={(body, mentions) => writes.reply.mutateAsync({ commentId: t.id, body, mentions })}
          onStatus={(status) => writes.setStatus.mutateAsync({ commentId: t.id, status })}
        />
      ))}
    </div>
  );
}
