"use client";

import type { ContentEditor } from "../editor-kit";
import { MarkdownForm } from "../text/editor";

export const exampleEditor: ContentEditor = {
  kind: "content",
  form: (p) => <MarkdownForm label="Example (Markdown)" {...p} />,
  editsMarkdownInPlace: true,
};
