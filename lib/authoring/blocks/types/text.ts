import { defineBlockType, isObject } from "./define";

/** The content of a text or example block: one Markdown text. */
export type MarkdownContent = { body: string };

export function parseMarkdown(content: unknown): MarkdownContent | null {
  if (!isObject(content) || typeof content.body !== "string") return null;
  return { body: content.body };
}

export const textBlock = defineBlockType({
  type: "text",
  label: "Text",
  description: "Paragraphs, lists and tables in Markdown",
  icon: "¶",
  content: { parse: parseMarkdown, initial: () => ({ body: "" }) },
});
