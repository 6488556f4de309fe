"use client";

import { useRef, useState, type ReactNode } from "react";
import { BlockView } from "@/components/blocks/block-view";
import { blockEditorOf } from "@/components/blocks/types/editors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ApiClientError } from "@/lib/client/api";
import type { BlockDto, CommentThreadDto } from "@/lib/client/types";
import { QuotedPassage, selectedTextIn } from "../comment-composer";
import { ThreadView } from "../thread-view";
import { readReviewer, rememberReviewer, useReviewCourse, useReviewerWrites, useReviewThreads, type Reviewer } from "./queries";

const fieldClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

/** The review link's page: the course as learners will see it, drafts included, with comments (and suggestions) per block. */
export function ReviewPage({ token }: { token: string }) {
  const course = useReviewCourse(token);
  const threads = useReviewThreads(token, course.isSuccess);
  const writes = useReviewerWrites(token);
  // Who they said they were, remembered by this browser (read once the page runs there); `chosen` once they say again.
  const hydrated = useHydrated();
  const [chosen, setReviewer] = useState<Reviewer | null>();
  const reviewer = chosen !== undefined ? chosen : hydrated ? readReviewer() : null;

  if (course.isPending) {
    return (
      <Frame>
        <p className="text-sm text-slate-500">Opening the course…</p>
      </Frame>
    );
  }
  if (course.isError) {
    const gone = course.error instanceof ApiClientError && course.error.status === 404;
    return (
      <Frame>
        <h1 className="text-2xl font-bold text-slate-900">{gone ? "This review link is closed" : "The course could not be opened"}</h1>
        <p className="mt-2 text-slate-600">
          {gone
            ? "The link was closed by the course's author, has expired, or was mistyped. Ask the author for a new one."
            : `${course.error.message} Reload the page to try again.`}
        </p>
      </Frame>
    );
  }

  const { link, modules } = course.data;
  const allThreads = threads.data ?? [];
  const identify = (who: Reviewer) => {
    rememberReviewer(who);
    setReviewer(who);
  };
  return (
    <Frame>
      <header className="space-y-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Review</p>
        <h1 className="text-2xl font-bold text-slate-900">{course.data.course.title}</h1>
        {course.data.course.description ? <p className="text-slate-600">{course.data.course.description}</p> : null}
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          You are reviewing this course before its learners see it, drafts included. Select words in a block and press Comment to quote them
          {link.allow_suggestions ? "; “Suggest an edit” sends the author new wording to accept or reject" : ""}.
        </p>
        {reviewer ? (
          <p className="text-sm text-slate-600">
            Commenting as <strong className="text-slate-900">{reviewer.name}</strong> ({reviewer.email}).{" "}
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => setReviewer(null)}>
              Not you?
            </button>
          </p>
        ) : null}
      </header>
      {modules.map((m) => (
        <section key={m.id} aria-labelledby={`module-${m.id}`} className="mt-8 space-y-6">
          <h2 id={`module-${m.id}`} className="border-b border-slate-200 pb-1 text-lg font-semibold text-slate-900">
            {m.title}
          </h2>
          {m.lessons.map((lesson) => (
            <section key={lesson.id} aria-labelledby={`lesson-${lesson.id}`} className="space-y-4">
              <h3 id={`lesson-${lesson.id}`} className="flex flex-wrap items-baseline gap-2 text-base font-semibold text-slate-900">
                {lesson.title}
                {!lesson.published ? (
                  <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">Draft</span>
                ) : null}
              </h3>
              {lesson.blocks.length === 0 ? <p className="text-sm text-slate-500">No content yet.</p> : null}
              {lesson.blocks.map((block, i) => (
                <ReviewedBlock
                  key={block.id}
                  label={`Block ${i + 1} of ${lesson.title}`}
                  block={block}
                  threads={allThreads.filter((t) => t.block_id === block.id)}
                  allowSuggestions={link.allow_suggestions}
                  reviewer={reviewer}
                  onIdentify={identify}
                  writes={writes}
                />
              ))}
            </section>
          ))}
        </section>
      ))}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">{children}</main>;
}

type Writes = ReturnType<typeof useReviewerWrites>;

function ReviewedBlock({
  label,
  block,
  threads,
  allowSuggestions,
  reviewer,
  onIdentify,
  writes,
}: {
  label: string;
  block: BlockDto;
  threads: CommentThreadDto[];
  allowSuggestions: boolean;
  reviewer: Reviewer | null;
  onIdentify: (who: Reviewer) => void;
  writes: Writes;
}) {
  const root = useRef<HTMLElement>(null);
  const [open, setOpen] = useState<{ kind: "comment"; quote?: string } | { kind: "suggest" } | null>(null);
  const [sent, setSent] = useState<string>();
  const editor = blockEditorOf(block.type);
  const canSuggest = allowSuggestions && editor?.kind === "content";

  return (
    <article ref={root} aria-label={label} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <BlockView block={block} />
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-2">
        <button
          type="button"
          onPointerDown={() => setOpen((o) => o ?? { kind: "comment", quote: selectedTextIn(root.current) })}
          onClick={() => setOpen((o) => o ?? { kind: "comment", quote: selectedTextIn(root.current) })}
          className="rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
        >
          💬 Comment
        </button>
        {canSuggest ? (
          <button
            type="button"
            onClick={() => setOpen({ kind: "suggest" })}
            className="rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
          >
            ✎ Suggest an edit
          </button>
        ) : null}
      </div>
      {sent ? (
        <p role="status" className="text-sm text-emerald-800">
          {sent}
        </p>
      ) : null}
      {open ? (
        <ReviewerForm
          label={open.kind === "comment" ? `New comment on ${label}` : `Suggest an edit to ${label}`}
          reviewer={reviewer}
          quote={open.kind === "comment" ? open.quote : undefined}
          suggestFrom={open.kind === "suggest" ? block : undefined}
          onCancel={() => setOpen(null)}
          onSubmit={async (who, input) => {
            onIdentify(who);
            if (input.content) {
              await writes.suggest.mutateAsync({ ...who, blockId: block.id, content: input.content, note: input.body || undefined });
              setSent("Your suggestion was sent to the author, who will accept or reject it.");
            } else {
              await writes.comment.mutateAsync({ ...who, blockId: block.id, body: input.body, quote: input.quote });
              setSent(undefined);
            }
            setOpen(null);
          }}
        />
      ) : null}
      {threads.map((t) => (
        <ThreadView
          key={t.id}
          thread={t}
          members={[]}
          onReply={async (body) => {
            if (!reviewer) throw new Error("Give your name and email address first: press Comment on any block.");
            return writes.reply.mutateAsync({ ...reviewer, commentId: t.id, body });
          }}
        />
      ))}
    </article>
  );
}

/**
 * A reviewer's comment or suggestion: their name and address the first time (then remembered),
 * the quote or the block's form prefilled with its content, and the text.
 */
function ReviewerForm({
  label,
  reviewer,
  quote: initialQuote,
  suggestFrom,
  onCancel,
  onSubmit,
}: {
  label: string;
  reviewer: Reviewer | null;
  quote?: string;
  suggestFrom?: BlockDto;
  onCancel: () => void;
  onSubmit: (who: Reviewer, input: { body: string; quote?: string; content?: Record<string, unknown> }) => Promise<void>;
}) {
  const [name, setName] = useState(reviewer?.name ?? "");
  const [email, setEmail] = useState(reviewer?.email ?? "");
  const [body, setBody] = useState("");
  const [quote, setQuote] = useState(initialQuote);
  const [content, setContent] = useState<unknown>(suggestFrom?.content);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const editor = suggestFrom ? blockEditorOf(suggestFrom.type) : undefined;

  return (
    <form
      aria-label={label}
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          await onSubmit(
            { name: name.trim(), email: email.trim() },
            { body: body.trim(), quote, content: suggestFrom ? (content as Record<string, unknown>) : undefined },
          );
        } catch (err) {
          setError(
            err instanceof ApiClientError && err.issues.length ? err.issues.map((i) => i.message).join(" ") : (err as Error).message,
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      {!reviewer ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm text-slate-700">So the author knows who wrote it (this browser remembers it):</legend>
          <label className="space-y-1 text-sm font-medium text-slate-700">
            Your name
            <input required value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" className={fieldClass} />
          </label>
          <label className="space-y-1 text-sm font-medium text-slate-700">
            Your email
            <input
              required
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              className={fieldClass}
            />
          </label>
        </fieldset>
      ) : null}
      {quote ? <QuotedPassage quote={quote} onRemove={() => setQuote(undefined)} /> : null}
      {suggestFrom && editor?.kind === "content" ? (
        <div className="rounded-md border border-slate-200 bg-white p-3">{editor.form({ content, onChange: setContent })}</div>
      ) : null}
      <label className="block space-y-1 text-sm font-medium text-slate-700">
        {suggestFrom ? "Why (optional)" : "Your comment"}
        <textarea
          required={!suggestFrom}
          rows={3}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          autoFocus={!!reviewer && !suggestFrom}
          className={fieldClass}
        />
      </label>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} className="px-3 py-1.5 text-sm">
          {suggestFrom ? "Send suggestion" : "Comment"}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} className="px-3 py-1.5 text-sm">
          Cancel
        </Button>
      </div>
    </form>
  );
}
