// A block's content as labelled text fields, for what review needs of any block type alike: the
// text a thread keeps of its block, and the field-by-field diff of a suggested edit. Pure, so the
// server and the editor's panels read content the same way.

export type ContentField = { path: string; text: string };

/** Field paths as people read them: `terms 2 › definition`, not `terms[1].definition`. */
const joinPath = (parent: string, key: string) => (parent ? `${parent} › ${key}` : key);

/** Every text (and number and yes/no) value in the content, in document order, with where it sits. */
export function contentFields(content: unknown, path = ""): ContentField[] {
  if (typeof content === "string") return [{ path: path || "content", text: content }];
  if (typeof content === "number" || typeof content === "boolean") return [{ path: path || "content", text: String(content) }];
  if (Array.isArray(content)) return content.flatMap((item, i) => contentFields(item, joinPath(path, String(i + 1))));
  if (content && typeof content === "object") {
    return Object.entries(content as Record<string, unknown>).flatMap(([key, value]) => contentFields(value, joinPath(path, key)));
  }
  return [];
}

/** The block's words in one text, as a deleted block's thread keeps them: its fields' text, a line each. */
export function contentText(content: unknown, limit = 20_000): string {
  const text = contentFields(content)
    .map((field) => field.text.trim())
    .filter(Boolean)
    .join("\n");
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

export type FieldChange = { path: string; before: string | null; after: string | null };

/** The fields a suggestion changes, adds or removes, in the suggested content's order, then the removed ones. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const old = new Map(contentFields(before).map((f) => [f.path, f.text]));
  const next = contentFields(after);
  const changes: FieldChange[] = [];
  for (const field of next) {
    const was = old.get(field.path);
    if (was !== field.text) changes.push({ path: field.path, before: was ?? null, after: field.text });
    old.delete(field.path);
  }
  for (const [path, was] of old) changes.push({ path, before: was, after: null });
  return changes;
}
