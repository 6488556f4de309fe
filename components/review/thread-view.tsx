"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { CommentThreadDto } from "@/lib/client/types";
import { MentionTextarea, mentionsIn, type Mentionable } from "./mention-textarea";

const KIND_WORDS = { member: null, reviewer: "Reviewer", agent: "Agent" } as const;

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A comment's author: their name, and a badge for a reviewer with a link or an agent with a key. */
export function AuthorLine({ author, at }: { author: CommentThreadDto["author"]; at: string }) {
  const badge = KIND_WORDS[author.kind];
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
      <span className="font-semibold text-slate-800">{author.name}</span>
      {badge ? <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-600">{badge}</span> : null}
      <time dateTime={at}>{when(at)}</time>
    </p>
  );
}

/**
 * One thread: what it quotes, the first message and the replies, a reply field, and (for those
 * who may) resolve or reopen. `onReply` answers when the reply is saved; a failure keeps the text.
 */
/** What a thread view shows: a course thread, or a proposal's internal one with its times as ISO text. */
export type ThreadLike = Pick<
  CommentThreadDto,
  "id" | "author" | "body" | "quote" | "status" | "resolved_at" | "resolved_by" | "created_at" | "replies" | "block_deleted" | "block_text"
>;

export function ThreadView({
  thread,
  members,
  onReply,
  onStatus,
  isHighlighted,
}: {
  thread: ThreadLike;
  members: Mentionable[];
  onReply: (body: string, mentions: string[]) => Promise<unknown>;
  onStatus?: (status: "open" | "resolved") => Promise<unknown>;
  isHighlighted?: boolean;
}) {
  const [reply, setReply] = useState("");
  const [picked, setPicked] = useState<Mentionable[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const resolved = thread.status === "resolved";

  async function run(action: () => Promise<unknown>, after?: () => void) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      after?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Something went wrong; try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <article
      id={`thread-${thread.id}`}
      aria-label={`Comment by ${thread.author.name}`}
      className={`space-y-2 rounded-md border p-3 ${resolved ? "border-slate-200 bg-slate-50" : "border-amber-200 bg-amber-50/40"} ${
        isHighlighted ? "ring-2 ring-brand-400" : ""
      }`}
    >
      {thread.block_deleted ? (
        <p className="text-xs text-slate-600">
          On a block that was deleted; it said: <span className="italic">{thread.block_text.slice(0, 300) || "(no text)"}</span>
        </p>
      ) : null}
      {thread.quote ? (
        <blockquote className="border-l-4 border-slate-300 pl-2 text-sm italic text-slate-700">{thread.quote}</blockquote>
      ) : null}
      <AuthorLine author={thread.author} at={thread.created_at} />
      <p className="text-sm whitespace-pre-wrap break-words text-slate-900">{thread.body}</p>
      {thread.replies.length ? (
        <ol className="space-y-2 border-l border-slate-200 pl-3" aria-label="Replies">
          {thread.replies.map((r) => (
            <li key={r.id} className="space-y-0.5">
              <AuthorLine author={r.author} at={r.created_at} />
              <p className="text-sm whitespace-pre-wrap break-words text-slate-900">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {resolved ? (
        <p className="text-xs text-slate-600">
          Resolved{thread.resolved_by ? ` by ${thread.resolved_by}` : ""}
          {thread.resolved_at ? ` on ${when(thread.resolved_at)}` : ""}.
        </p>
      ) : null}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reply.trim()) return;
          void run(
            () => onReply(reply.trim(), mentionsIn(reply, picked)),
            () => {
              setReply("");
              setPicked([]);
            },
          );
        }}
      >
        <MentionTextarea
          label={`Reply to ${thread.author.name}`}
          value={reply}
          onChange={setReply}
          members={members}
          onPick={(m) => setPicked((list) => [...list, m])}
          rows={2}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={busy || !reply.trim()} className="px-2.5 py-1 text-xs">
            Reply
          </Button>
          {onStatus ? (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => void run(() => onStatus(resolved ? "open" : "resolved"))}
              className="px-2.5 py-1 text-xs"
            >
              {resolved ? "Reopen" : "Resolve"}
            </Button>
          ) : null}
        </div>
      </form>
    </article>
  );
}
