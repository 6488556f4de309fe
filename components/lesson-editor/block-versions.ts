import type { BlockDto } from "./queries";

/** JSON with object keys sorted: the database hands content back with its keys in its own order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Every piece of text in a block's content, in order: what the author wrote, whatever the type. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsOf);
  return [];
}

/** One version of a block as readable text, for choosing between two of them. */
export function versionText(block: BlockDto): string {
  if (block.type === "question") {
    return `Question: ${block.question?.prompt ?? "none"}\nRole: ${block.question_role ?? "none"}`;
  }
  if (block.type === "quiz") return `Quiz: ${block.quiz?.title ?? "none"}`;
  const texts = textsOf(block.content);
  return texts.length ? texts.join("\n\n") : "(empty)";
}
