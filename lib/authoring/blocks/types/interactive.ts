import { defineBlockType, isObject, str } from "./define";

export type InteractiveContent = { source: { type: "html"; code: string }; title: string; caption: string; height: number };

export const INTERACTIVE_HEIGHT = { default: 400, min: 100, max: 2000 } as const;

export function clampHeight(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return INTERACTIVE_HEIGHT.default;
  return Math.min(INTERACTIVE_HEIGHT.max, Math.max(INTERACTIVE_HEIGHT.min, Math.round(n)));
}

export function parseInteractive(content: unknown): InteractiveContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  if (content.source.type !== "html" || typeof content.source.code !== "string") return null;
  return {
    source: { type: "html", code: content.source.code },
    title: str(content.title),
    caption: str(content.caption),
    height: clampHeight(content.height),
  };
}

export const interactiveBlock = defineBlockType({
  type: "interactive",
  label: "Interactive",
  description: "Your own HTML and script, sandboxed",
  icon: "</>",
  content: {
    parse: parseInteractive,
    initial: () => ({ source: { type: "html", code: "" }, title: "", caption: "", height: INTERACTIVE_HEIGHT.default }),
  },
});
