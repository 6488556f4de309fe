"use client";

import { memo, useId, useRef, useState, type FocusEvent } from "react";
import { TITLE_CLASSES } from "@/components/proposals/recipient/proposal-cover";
import { DescriptionHtml } from "@/components/proposals/recipient/proposal-description";
import { Button } from "@/components/ui/button";
import { PencilIcon } from "@/components/ui/icons";
import { renderDescriptionHtml, renderTitle, variablesUsed } from "@/lib/proposals/markdown/render-markdown";

/** A variable as markdown: `[fallback](data:text/plain,KEY)`. */
export const variableMarkdown = (key: string, fallback = key) =>
  `[${fallback.replace(/[[\]\r\n]/g, "")}](data:text/plain,${encodeURIComponent(key)})`;

/**
 * The title, typed where the customer reads it: in the cover's h1. With variables in it, the line
 * below says what the customer sees.
 */
export const EditableTitle = memo(function EditableTitle({
  value,
  data,
  onChange,
  error,
}: {
  value: string;
  data: Record<string, unknown>;
  onChange: (title: string) => void;
  error?: string;
}) {
  const errorId = useId();
  const shown = variablesUsed(value).length ? renderTitle(value, data) : null;
  return (
    <>
      {/* The page's h1 is the title as the customer reads it; the field shows it as typed, in its place. */}
      <h1 className="sr-only">{renderTitle(value, data) || "Untitled proposal"}</h1>
      <div className={TITLE_CLASSES}>
        {/* A textarea so a long title wraps as the customer's does; it is one line, Enter included. */}
        <textarea
          aria-label="Title"
          rows={1}
          value={value}
          maxLength={500}
          placeholder="Untitled proposal"
          onChange={(e) => onChange(e.target.value.replace(/[\r\n]+/g, " "))}
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="-mx-2 block w-[calc(100%+1rem)] resize-none rounded-md bg-transparent px-2 py-1 text-inherit [field-sizing:content] placeholder:text-white/60 hover:bg-white/10 focus:bg-white/10 focus:ring-2 focus:ring-white/70 focus:outline-none"
        />
      </div>
      {shown !== null ? (
        <p className="mt-1 text-sm break-words text-white/90" data-testid="title-as-shown">
          <span className="font-medium">The customer sees:</span> {shown}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-2 inline-block rounded bg-red-50 px-2 py-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
});

/**
 * The description where the customer reads it: rendered, with each variable as a chip naming its
 * key. Clicking it (or its Edit button) opens its markdown in place, with the rendered result right
 * below as it is typed; leaving the field shows the page again.
 */
export const EditableDescription = memo(function EditableDescription({
  value,
  data,
  onChange,
  error,
}: {
  value: string;
  data: Record<string, unknown>;
  onChange: (description: string) => void;
  error?: string;
}) {
  const [isEditing, setEditing] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();
  const html = renderDescriptionHtml(value, data, { variableChips: true });
  const keys = Object.keys(data);

  function leave(event: FocusEvent) {
    // Moving to the variable picker or the help keeps the field open.
    if (!container.current?.contains(event.relatedTarget as Node | null)) setEditing(false);
  }

  function insert(key: string) {
    const element = field.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const snippet = variableMarkdown(key);
    onChange(value.slice(0, start) + snippet + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  }

  if (!isEditing) {
    return (
      <div className="group relative">
        {/* A click anywhere on the text opens it; keyboard users have the Edit button. */}
        <div
          onClick={() => setEditing(true)}
          className="min-h-12 cursor-text rounded-md px-2 py-2 ring-slate-300 transition group-hover:ring-1"
          data-testid="description-as-shown"
        >
          {html ? (
            <DescriptionHtml html={html} />
          ) : (
            <p className="text-slate-500">No description yet: say what you offer and why it suits this customer.</p>
          )}
        </div>
        <Button
          type="button"
          variant="secondary"
          onClick={() => setEditing(true)}
          className="mt-2 px-2 py-1 text-xs @min-[40rem]:absolute @min-[40rem]:-top-3 @min-[40rem]:right-0 @min-[40rem]:mt-0 @min-[40rem]:opacity-0 @min-[40rem]:group-hover:opacity-100 @min-[40rem]:focus:opacity-100"
        >
          <PencilIcon /> Edit the description
        </Button>
        {error ? <p className="mt-1 text-left text-sm text-red-700">{error}</p> : null}
      </div>
    );
  }

  return (
    <div ref={container} onBlur={leave} className="space-y-2 text-left">
      <textarea
        ref={field}
        aria-label="Description"
        autoFocus
        value={value}
        rows={6}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setEditing(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ""].join(" ").trim()}
        className="block min-h-40 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 [field-sizing:content] focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-400"
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <p id={hintId} className="min-w-0 flex-1">
          <code># Heading</code>, <code>**bold**</code>, lines starting <code>- </code> or <code>1. </code> make lists, a line starting{" "}
          <code>&lt;</code> is left-aligned, a blank line starts a paragraph.
        </p>
        {keys.length ? <VariableInserter keys={keys} onInsert={insert} /> : null}
      </div>
      <div aria-label="The description as the customer sees it" role="region" className="rounded-md bg-slate-50 px-3 py-3 text-center">
        {html ? <DescriptionHtml html={html} /> : <p className="text-sm text-slate-500">Nothing yet.</p>}
      </div>
      <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
        Done
      </Button>
    </div>
  );
});

function VariableInserter({ keys, onInsert }: { keys: string[]; onInsert: (key: string) => void }) {
  const [key, setKey] = useState("");
  const selectId = useId();
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={selectId} className="sr-only">
        Variable to insert
      </label>
      <select
        id={selectId}
        value={key || keys[0]}
        onChange={(e) => setKey(e.target.value)}
        className="max-w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
      >
        {keys.map((k) => (
          <option key={k}>{k}</option>
        ))}
      </select>
      <Button
        type="button"
        variant="secondary"
        className="px-2 py-1 text-xs"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onInsert(key || keys[0])}
      >
        Insert variable
      </Button>
    </div>
  );
}
