"use client";

import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { parseMarkdown } from "@/lib/authoring/blocks/types/text";
import { rec, type ContentEditor, type ContentFormProps } from "../editor-kit";

export const MARKDOWN_HINT = "Markdown: **bold**, _italic_, lists, [links](https://…), tables. HTML is shown as text.";

export function MarkdownForm({ content, onChange, label }: ContentFormProps & { label: string }) {
  const body = parseMarkdown(content)?.body ?? "";
  return (
    <TextAreaField
      label={label}
      rows={8}
      value={body}
      hint={MARKDOWN_HINT}
      onChange={(e) => onChange({ ...rec(content), body: e.target.value })}
    />
  );
}

export const textEditor: ContentEditor = {
  kind: "content",
  form: (p) => <MarkdownForm label="Text (Markdown)" {...p} />,
  editsMarkdownInPlace: true,
};
