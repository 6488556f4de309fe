import { defineBlockType, isObject, optionalStringOk, str } from "./define";

export type VisualContent = { prompt: string; status: string };

export function parseVisual(content: unknown): VisualContent | null {
  if (!isObject(content) || typeof content.prompt !== "string" || !optionalStringOk(content.status)) return null;
  return { prompt: content.prompt, status: str(content.status) };
}

/** The statuses the editor offers; a status stored by an agent is kept and shown as written. */
export const VISUAL_STATUSES: Record<string, string> = {
  pending: "Pending",
  in_progress: "In progress",
  ready: "Ready",
};

export function visualStatusLabel(status: string) {
  if (!status.trim()) return "Pending";
  return VISUAL_STATUSES[status] ?? status.replace(/[_-]+/g, " ").replace(/^./, (s) => s.toUpperCase());
}

export const visualBlock = defineBlockType({
  type: "visual",
  label: "Visual",
  description: "A placeholder for a visual still to be made",
  icon: "◇",
  content: { parse: parseVisual, initial: () => ({ prompt: "", status: "pending" }) },
});
