import { blockTypeLabel } from "@/lib/authoring/blocks/types/registry";

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
