import { defineBlockType } from "./define";
import { parseMarkdown } from "./text";

/** A text block's content (Markdown), shown set apart as a worked example. */
export const exampleBlock = defineBlockType({
  type: "example",
  label: "Example",
  description: "A worked example, set apart",
  icon: "✎",
  content: { parse: parseMarkdown, initial: () => ({ body: "" }) },
});
