import { defineBlockType, isObject, str } from "./define";

export type DiagramContent = { source: { type: "mermaid"; code: string }; caption: string };

export function parseDiagram(content: unknown): DiagramContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "mermaid" || typeof content.source.code !== "string") return null;
  return { source: { type: "mermaid", code: content.source.code }, caption: str(content.caption) };
}

export const diagramBlock = defineBlockType({
  type: "diagram",
  label: "Diagram",
  description: "A Mermaid flowchart or chart",
  icon: "⇄",
  content: {
    parse: parseDiagram,
    initial: () => ({ source: { type: "mermaid", code: "flowchart LR\n  A[Start] --> B[Finish]" }, caption: "" }),
  },
});
