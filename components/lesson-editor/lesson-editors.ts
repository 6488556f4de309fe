import type { LessonEditors } from "@/lib/client/types";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Who else is editing, in a few words: "Ada", "Ada and Bob", "Ada and 1 other", "1 other session"
 * (the author's own other tab). Undefined when nobody else is.
 */
export function describeEditors(editors: LessonEditors["editors"]): string | undefined {
  if (!editors.length) return undefined;
  const names = [...new Set(editors.filter((e) => !e.is_same_user).map((e) => e.user_name))].slice(0, 2);
  const rest = editors.length - names.length;
  if (!names.length) return plural(rest, "other session", "other sessions");
  if (!rest) return names.join(" and ");
  return `${names.join(", ")} and ${plural(rest, "other", "others")}`;
}
