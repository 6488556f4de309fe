import { QUESTION_ROLE_LABELS } from "@/lib/authoring/blocks/block-content";
import { blockTypeLabel } from "@/lib/authoring/blocks/block-content";
import type { QuestionRole } from "./queries";

export type MenuBlockType =
  "text" | "example" | "scenario" | "glossary" | "image" | "video" | "diagram" | "interactive" | "question" | "quiz" | "visual";

/** The "Add block" menu, in the order authors reach for them. */
export const BLOCK_MENU: { type: MenuBlockType; label: string; description: string; icon: string }[] = [
  { type: "text", label: "Text", description: "Paragraphs, lists and tables in Markdown", icon: "¶" },
  { type: "example", label: "Example", description: "A worked example, set apart", icon: "✎" },
  { type: "scenario", label: "Scenario", description: "A situation with a hidden reveal", icon: "◐" },
  { type: "glossary", label: "Glossary", description: "Terms and their definitions", icon: "≡" },
  { type: "image", label: "Image", description: "A picture from a link, or SVG code", icon: "▣" },
  { type: "video", label: "Video", description: "YouTube or a video file", icon: "▶" },
  { type: "diagram", label: "Diagram", description: "A Mermaid flowchart or chart", icon: "⇄" },
  { type: "interactive", label: "Interactive", description: "Your own HTML and script, sandboxed", icon: "</>" },
  { type: "question", label: "Question", description: "A question from the bank, to practise", icon: "?" },
  { type: "quiz", label: "Quiz", description: "A quiz from this project", icon: "✓" },
  { type: "visual", label: "Visual", description: "A placeholder for a visual still to be made", icon: "◇" },
];

/** What a new block starts with: the shape of its type, empty, so the form and preview fit at once. */
export function defaultContent(type: MenuBlockType): unknown {
  switch (type) {
    case "text":
    case "example":
      return { body: "" };
    case "scenario":
      return { body: "", reveal: "" };
    case "glossary":
      return { title: "", terms: [{ term: "", definition: "" }] };
    case "image":
      return { source: { type: "url", url: "" }, alt: "", caption: "" };
    case "video":
      return { source: { type: "youtube", id: "", start: 0 }, title: "", caption: "" };
    case "diagram":
      return { source: { type: "mermaid", code: "flowchart LR\n  A[Start] --> B[Finish]" }, caption: "" };
    case "interactive":
      return { source: { type: "html", code: "" }, title: "", caption: "", height: 400 };
    case "visual":
      return { prompt: "", status: "pending" };
    case "question":
    case "quiz":
      return undefined;
  }
}

const oneLine = (s: string, n = 60) => {
  const t = s
    .replace(/[#*_`>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/** A few words that tell blocks apart in headings and screen-reader announcements. */
export function blockSummary(block: {
  type: string;
  content: unknown;
  question?: { prompt: string } | null;
  quiz?: { title: string } | null;
}): string {
  if (block.type === "question") return block.question ? oneLine(block.question.prompt) : "";
  if (block.type === "quiz") return block.quiz ? oneLine(block.quiz.title) : "";
  const c = (typeof block.content === "object" && block.content !== null ? block.content : {}) as Record<string, unknown>;
  const source = (typeof c.source === "object" && c.source !== null ? c.source : {}) as Record<string, unknown>;
  const candidates = [c.title, c.body, c.prompt, c.caption, c.alt, source.url];
  const found = candidates.find((v) => typeof v === "string" && v.trim()) as string | undefined;
  return found ? oneLine(found) : "";
}

export const describeBlock = (block: {
  type: string;
  content: unknown;
  question?: { prompt: string } | null;
  quiz?: { title: string } | null;
}) => {
  const summary = blockSummary(block);
  return `${blockTypeLabel(block.type)} block${summary ? ` “${summary}”` : ""}`;
};

/** Whether a form's value (a select of QUESTION_ROLE_LABELS) names a question role. */
export const isQuestionRole = (value: string): value is QuestionRole => Object.hasOwn(QUESTION_ROLE_LABELS, value);
