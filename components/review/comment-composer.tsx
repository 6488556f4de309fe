"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MentionTextarea, mentionsIn, type Mentionable } from "./mention-textarea";

/**
 * The text selected inside `root` when a comment is started: what the new thread quotes. Read when
 * the button is pressed, before the click can move the selection.
 */
export function selectedTextIn(root: HTMLElement | null): string | undefined {
  const selection = typeof window === "undefined" ? null : window.getSelection();
  if (!root || !selection || selection.isCollapsed || !selection.rangeCount) return undefined;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return undefined;
  const text = selection.toString().replace(/\s+/g, " ").trim();
  return text ? text.slice(0, 2000) : undefined;
}

/** The passage a new comment quotes, with a button that drops the quote. */
export function QuotedPassage({ quote, onRemove }: { quote: string; onRemove: () => void }) {
  return (
    <div className="flex items-start gap-2">
      <blockquote className="min-w-0 flex-1 border-l-4 border-slate-300 pl-2 text-sm italic text-slate-700">{quote}</blockquote>
      <button
        type="button"
        onClick={onRemove}
        className="shrink-0 rounded px-1.5 text-xs text-slate-500 hover:bg-slate-100"
        aria-label="Remove the quote"
      >
        ✕
      </button>
    </div>
  );
}

/** A new thread's form: the quoted passage (removable), the text with @ mentions, and Comment / Cancel. */
export function CommentComposer({
  label,
  quote: initialQuote,
  members,
  onSubmit,
  onCancel,
}: {
  label: string;
  quote?: string;
  members: Mentionable[];
  onSubmit: (input: { body: string; quote?: string; mentions: string[] }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [body, setBody] = useState("");
  const [quote, setQuote] = useState(initialQuote);
  const [picked, setPicked] = useState<Mentionable[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  return (
    <form
      aria-label={label}
      className="space-y-2 rounded-md border border-slate-200 bg-white p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!body.trim()) return;
        setBusy(true);
        setError(undefined);
        try {
          await onSubmit({ body: body.trim(), quote, mentions: mentionsIn(body, picked) });
        } catch (err) {
          setError(err instanceof Error ? err.message : "The comment was not saved; try again.");
        } finally {
          setBusy(false);
        }
      }}
    >
      {quote ? (
        <QuotedPassage quote={quote} onRemove={() => setQuote(undefined)} />
      ) : (
        <p className="text-xs text-slate-500">Tip: select words in the block before pressing Comment to quote them.</p>
      )}
      <MentionTextarea
        label={label}
        value={body}
        onChange={setBody}
        members={members}
        onPick={(m) => setPicked((l) => [...l, m])}
        autoFocus
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !body.trim()} className="px-2.5 py-1 text-xs">
          Comment
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} className="px-2.5 py-1 text-xs">
          Cancel
        </Button>
      </div>
    </form>
  );
}
