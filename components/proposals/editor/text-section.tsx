"use client";

import { useId, useRef, useState } from "react";
import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { ApiIssue } from "@/lib/client/api";
import { issueAt } from "./format";

export type TextDraft = { title_md: string; description_md: string };

/** A variable as markdown: `[fallback](data:text/plain,KEY)`. */
export const variableMarkdown = (key: string, fallback = key) =>
  `[${fallback.replace(/[[\]\r\n]/g, "")}](data:text/plain,${encodeURIComponent(key)})`;

/** Title and description in markdown, with a helper that inserts a variable where the cursor is. */
export function TextSection({
  value,
  onChange,
  issues,
  keys,
}: {
  value: TextDraft;
  onChange: (next: TextDraft) => void;
  issues: ApiIssue[];
  keys: string[];
}) {
  // The field the variable goes into: the last one focused (the description until then).
  const lastFocused = useRef<{ field: keyof TextDraft; element: HTMLInputElement | HTMLTextAreaElement | null }>({
    field: "description_md",
    element: null,
  });
  const [key, setKey] = useState("");
  const selectId = useId();

  function insert() {
    const chosen = key || keys[0];
    if (!chosen) return;
    const { field, element } = lastFocused.current;
    const text = value[field];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const snippet = variableMarkdown(chosen);
    onChange({ ...value, [field]: text.slice(0, start) + snippet + text.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  }

  return (
    <section aria-labelledby="text-heading" className="space-y-3">
      <h2 id="text-heading" className="text-base font-semibold text-slate-900">
        Title and description
      </h2>
      <Field
        label="Title"
        value={value.title_md}
        maxLength={500}
        onFocus={(e) => (lastFocused.current = { field: "title_md", element: e.currentTarget })}
        onChange={(e) => onChange({ ...value, title_md: e.target.value })}
        error={issueAt(issues, "title_md")}
        hint="Variables are filled in; other formatting stays as typed."
      />
      <TextAreaField
        label="Description"
        rows={8}
        value={value.description_md}
        onFocus={(e) => (lastFocused.current = { field: "description_md", element: e.currentTarget })}
        onChange={(e) => onChange({ ...value, description_md: e.target.value })}
        error={issueAt(issues, "description_md")}
        hint={
          <>
            <code># Heading</code>, <code>**bold**</code> or <code>*bold*</code>, lines such as <code>- item</code> or <code>1. item</code>{" "}
            make a list, a line starting with <code>&lt;</code> is left-aligned, a blank line starts a new paragraph,{" "}
            <code>[fallback](data:text/plain,key)</code> shows a variable.
          </>
        }
      />
      {keys.length ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={selectId} className="block text-xs font-medium text-slate-600">
              Variable to insert
            </label>
            <select
              id={selectId}
              value={key || keys[0]}
              onChange={(e) => setKey(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {keys.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </div>
          <Button type="button" variant="secondary" onClick={insert}>
            Insert variable
          </Button>
        </div>
      ) : null}
    </section>
  );
}
