import type { ValidationIssue } from "./errors";

/** Deeper than any document a client has reason to send; deep enough recursion elsewhere would overflow the stack. */
export const MAX_JSON_DEPTH = 64;
const MAX_ISSUES = 20;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * What PostgreSQL cannot store, found before anything reaches it: a NUL character or an unpaired
 * UTF-16 surrogate in any string (key or value), nesting deeper than MAX_JSON_DEPTH, and a number
 * that is not finite (JSON's 1e309 parses as Infinity, which a JSON column stores as null: in a
 * merge, where null deletes a key, a number would become a delete). Walks iteratively, so a
 * hostile depth cannot overflow the stack here either.
 */
export function unstorableText(value: unknown, prefix = ""): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  const badText = (s: string) => s.includes("\u0000") || !s.isWellFormed();
  while (stack.length && issues.length < MAX_ISSUES) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) issues.push({ path, message: "Numbers must be finite (1e309 and larger read as infinity)" });
      continue;
    }
    if (typeof v === "string") {
      if (badText(v)) issues.push({ path, message: "Text cannot contain NUL characters or unpaired surrogates" });
      continue;
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) continue;
    if (depth >= MAX_JSON_DEPTH) {
      issues.push({ path, message: `Nested more than ${MAX_JSON_DEPTH} levels deep` });
      continue;
    }
    const entries: [string, unknown][] = isArray ? (v as unknown[]).map((item, i) => [String(i), item]) : Object.entries(v as object);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isArray && badText(key)) issues.push({ path: childPath, message: "A key cannot contain NUL characters or unpaired surrogates" });
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return issues;
}
