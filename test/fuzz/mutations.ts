/**
 * Invalid input derived from valid input: one place of a valid body broken (wrong type, missing,
 * out of range, too long, unknown key, NUL, unpaired surrogate, 3,000 levels of nesting, a huge
 * array), or the whole body replaced (not JSON, the wrong JSON type, larger than the service
 * accepts). What the service must answer is worked out from the bytes actually sent — the
 * endpoint's own schema, what PostgreSQL can store, the size limit — never assumed from the
 * mutation's name: a mutation that happens to leave the body valid is not sent as invalid.
 */
import fc from "fast-check";
import type { z } from "zod";
import { MAX_JSON_DEPTH } from "@/lib/api/storable-text";
import { coreOf, defOf, isStrict, lengthBounds, numberBounds, sitesOf, stringFormat, type Site } from "./zod-arbitrary";

/** The error an invalid request must get (an internal code: each service maps it to its own). */
export type ExpectedError = "validation_error" | "invalid_json" | "payload_too_large";

export type InvalidBody = { label: string; text: string };

/** Nesting far beyond any limit: a recursive reader would overflow its stack on it. */
export const DEEP_NESTING = 3000;
export const deepArray = (depth = DEEP_NESTING) => "[".repeat(depth) + "]".repeat(depth);
export const deepObject = (depth = DEEP_NESTING) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** What the service's readers refuse before the schema: text PostgreSQL cannot store, absurd nesting. */
export function isStorable(value: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  const bad = (s: string) => s.includes("\u0000") || !s.isWellFormed();
  while (stack.length) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (bad(v)) return false;
      continue;
    }
    if (!v || typeof v !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return false;
    for (const [key, child] of Object.entries(v)) {
      if (!Array.isArray(v) && bad(key)) return false;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

/**
 * The error a JSON endpoint must answer to `text`, or null when the body is valid (then it is no
 * invalid input, and is not sent as one).
 */
export function expectedErrorFor(schema: z.ZodType, text: string, opts: { limit: number; bodyOptional: boolean }): ExpectedError | null {
  if (Buffer.byteLength(text) > opts.limit) return "payload_too_large";
  // Read as UTF-8 text, which drops a leading byte-order mark (as the service's reader does).
  text = text.replace(/^\ufeff/, "");
  if (text.trim() === "") return opts.bodyOptional ? (schema.safeParse({}).success ? null : "validation_error") : "invalid_json";
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "invalid_json";
  }
  if (!isStorable(parsed)) return "validation_error";
  return schema.safeParse(parsed).success ? null : "validation_error";
}

// A value put in place of a site, later swapped for raw JSON text (numbers JSON.stringify cannot write, nesting).
const RAW = "\u{f0000}raw:";
const raw = (text: string) => `${RAW}${text}`;

function setAt(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && remove) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else copy[head] = setAt(copy[head], rest, replacement, remove);
  return copy;
}

const getAt = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((v, key) => (v && typeof v === "object" ? (v as Record<string | number, unknown>)[key] : undefined), value);

/** JSON text of `value`, with raw placeholders written out as they are. */
export function toText(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${RAW}((?:[^"\\\\]|\\\\.)*)"`, "gu"), (_, text: string) => JSON.parse(`"${text}"`));
}

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, "", "text", "12", [], [null], {}, { a: 1 }];

/** The ways one site can be broken, given the schema at that site and the value there. */
function siteMutations(site: Site, current: unknown): fc.Arbitrary<{ label: string; replacement: unknown; remove?: boolean }> {
  const core = coreOf(site.schema);
  const type = defOf(core).type;
  const name = site.path.join(".") || "(body)";
  const options: fc.Arbitrary<{ label: string; replacement: unknown; remove?: boolean }>[] = [
    fc.constantFrom(...WRONG_TYPES).map((replacement) => ({ label: `${name}: wrong type ${JSON.stringify(replacement)}`, replacement })),
    fc.constantFrom(deepArray(), deepObject()).map((deep) => ({ label: `${name}: nested ${DEEP_NESTING} levels`, replacement: raw(deep) })),
  ];
  if (site.path.length > 0 && site.present) options.push(fc.constant({ label: `${name}: missing`, replacement: undefined, remove: true }));
  if (type === "string") {
    const { min, max } = lengthBounds(core);
    const { format } = stringFormat(core);
    const s = typeof current === "string" ? current : "text";
    options.push(
      fc.nat({ max: s.length }).map((i) => ({ label: `${name}: NUL byte`, replacement: `${s.slice(0, i)}\u0000${s.slice(i)}` })),
      fc
        .tuple(fc.nat({ max: s.length }), fc.constantFrom("\ud800", "\udfff", "\udbff"))
        .map(([i, half]) => ({ label: `${name}: unpaired surrogate`, replacement: `${s.slice(0, i)}${half}${s.slice(i)}` })),
      fc.constantFrom("", " ", "\u200b").map((replacement) => ({ label: `${name}: blank`, replacement })),
    );
    if (max !== undefined) {
      options.push(
        fc
          .integer({ min: 1, max: 3 })
          .map((k) => ({ label: `${name}: ${max + k} characters (max ${max})`, replacement: "w".repeat(max + k) })),
        fc.constant({ label: `${name}: 200,000 characters`, replacement: "\u05d0".repeat(200_000) }),
      );
    }
    if (min > 1) options.push(fc.constant({ label: `${name}: ${min - 1} characters (min ${min})`, replacement: "v".repeat(min - 1) }));
    if (format)
      options.push(
        fc.constantFrom(`not-a-${format}`, `${s}x`, ` ${s}`).map((replacement) => ({ label: `${name}: not a ${format}`, replacement })),
      );
  }
  if (type === "number") {
    const { min, max, isInt } = numberBounds(core);
    const n = typeof current === "number" ? current : (min ?? 0);
    const outside = [
      ...(min !== undefined ? [min - 1, min - 0.001, -1e308] : []),
      ...(max !== undefined ? [max + 1, max + 0.001, 1e308] : []),
      ...(isInt ? [n + 0.5, 2 ** 53, 2 ** 31] : []),
    ];
    if (outside.length)
      options.push(fc.constantFrom(...outside).map((replacement) => ({ label: `${name}: ${replacement} out of range`, replacement })));
    options.push(
      fc
        .constantFrom(String(n), "NaN", "Infinity", "-0", "1e3", "0x10", " 1")
        .map((replacement) => ({ label: `${name}: the string ${JSON.stringify(replacement)}`, replacement })),
      fc.constantFrom("1e999", "-1e999", "1e-400", "-0").map((text) => ({ label: `${name}: raw number ${text}`, replacement: raw(text) })),
    );
  }
  if (type === "enum" || type === "literal") {
    const members = type === "enum" ? Object.values(defOf(core).entries!) : defOf(core).values!;
    const first = String(members[0]);
    options.push(
      fc
        .constantFrom(`${first}_other`, first.toUpperCase() === first ? first.toLowerCase() + "x" : first.toUpperCase(), ` ${first}`, "")
        .map((replacement) => ({
          label: `${name}: ${JSON.stringify(replacement)} is no member`,
          replacement,
        })),
    );
  }
  if (type === "array") {
    const { min, max } = lengthBounds(core);
    const items = Array.isArray(current) ? current : [];
    const filler = items[0] ?? null;
    if (max !== undefined) {
      options.push(
        fc.constant({ label: `${name}: ${max + 1} items (max ${max})`, replacement: Array.from({ length: max + 1 }, () => filler) }),
      );
    }
    options.push(fc.constant({ label: `${name}: 100,000 items`, replacement: Array.from({ length: 100_000 }, () => filler) }));
    if (min > 0) options.push(fc.constant({ label: `${name}: empty (min ${min})`, replacement: [] }));
  }
  if ((type === "object" || type === "record") && current && typeof current === "object" && !Array.isArray(current)) {
    const strict = type === "object" && isStrict(core);
    options.push(
      fc.constantFrom("unexpected", "__proto__", "constructor", "Title", "id ").map((key) => ({
        label: `${name}: unknown key ${key}${strict ? "" : " (ignored?)"}`,
        replacement: { ...current, [key]: "surprise" },
      })),
      fc
        .constantFrom("k\u0000", "\ud800", "\u0000")
        .map((key) => ({ label: `${name}: unstorable key`, replacement: { ...current, [key]: 1 } })),
    );
  }
  return fc.oneof(...options);
}

/** Whole-body replacements: not JSON, JSON of the wrong type, truncated. */
function wholeBodyMutations(validText: string): fc.Arbitrary<InvalidBody> {
  return fc.oneof(
    fc
      .constantFrom(
        "",
        " ",
        "{",
        "}",
        '{"a":',
        "{'a':1}",
        "undefined",
        "NaN",
        "<xml/>",
        "\u0000",
        "{,}",
        '{"a":1,}',
        "nul\u0000l",
        "\ufeff{}",
      )
      .map((text) => ({ label: `not JSON: ${JSON.stringify(text)}`, text })),
    fc
      .constantFrom("null", "[]", "123", '"text"', "true", "[{}]", "-0")
      .map((text) => ({ label: `JSON of the wrong type: ${text}`, text })),
    fc.nat({ max: Math.max(0, validText.length - 1) }).map((cut) => ({ label: `truncated at ${cut}`, text: validText.slice(0, cut) })),
    fc.string({ unit: "binary", maxLength: 40 }).map((text) => ({ label: `random text`, text })),
    fc.constantFrom(deepArray(), deepObject()).map((text) => ({ label: `nested ${DEEP_NESTING} levels`, text })),
  );
}

/** One broken place of a valid body. */
function siteMutation(schema: z.ZodType, value: unknown): fc.Arbitrary<InvalidBody> {
  const sites = sitesOf(schema, value);
  return fc
    .integer({ min: 0, max: sites.length - 1 })
    .chain((i) => siteMutations(sites[i], getAt(value, sites[i].path)).map((m) => ({ site: sites[i], ...m })))
    .map(({ site, label, replacement, remove }) => ({ label, text: toText(setAt(value, site.path, replacement, remove)) }));
}

/** A body larger than the service accepts, valid in every other way. */
export const oversized = (validValue: unknown, limit: number): InvalidBody => ({
  label: `${limit + 1024} bytes`,
  text: JSON.stringify({ ...(validValue as object), padding: "p".repeat(limit + 1024) }),
});

/** Invalid bodies around the valid ones `valid` generates: mostly one broken place, sometimes the whole body. */
export function invalidBodies(schema: z.ZodType, valid: fc.Arbitrary<unknown>): fc.Arbitrary<InvalidBody> {
  return valid.chain((value) =>
    fc.oneof({ weight: 4, arbitrary: siteMutation(schema, value) }, { weight: 1, arbitrary: wholeBodyMutations(JSON.stringify(value)) }),
  );
}
