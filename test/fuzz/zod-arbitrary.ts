/**
 * fast-check arbitraries derived from the zod 4 schemas of the endpoints: values each schema should
 * accept (`validOf`), and the places in such a value where it can be broken (`sitesOf`), which
 * mutations.ts turns into invalid input. Only the schema kinds the endpoints use are covered; an
 * unknown kind throws, so a new one is noticed instead of silently generating nothing.
 *
 * Refinements (`.refine`, `.superRefine`) are invisible from outside a schema: the endpoints'
 * tests filter generated values through the schema itself, and give the fields a domain rule
 * constrains (ids of real rows, option rules) an arbitrary of their own by path.
 */
import fc from "fast-check";
import type { z } from "zod";

// zod 4 keeps a schema's description in `_zod.def`; these are the parts this file reads.
type Check = { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };
type Def = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
};

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType): Check[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

/** A key the object may leave out (optional, or with a default). */
export const isOptional = (schema: z.ZodType) => (schema as unknown as { _zod: { optin?: string } })._zod.optin === "optional";

/** An object that refuses keys it does not name (`z.strictObject`); a plain one drops them. */
export const isStrict = (schema: z.ZodType) => defOf(schema).catchall !== undefined && defOf(defOf(schema).catchall!).type === "never";

export type Bounds = { min?: number; max?: number; minExclusive?: boolean; maxExclusive?: boolean; isInt: boolean };

/** A number schema's range and whether it takes integers only. */
export function numberBounds(schema: z.ZodType): Bounds {
  const out: Bounds = { isInt: false };
  for (const c of checksOf(schema)) {
    if (c.check === "number_format" && /int/.test(c.format ?? "")) out.isInt = true;
    if (c.check === "greater_than") [out.min, out.minExclusive] = [c.value, !c.inclusive];
    if (c.check === "less_than") [out.max, out.maxExclusive] = [c.value, !c.inclusive];
  }
  if (defOf(schema).format && /int/.test(defOf(schema).format!)) out.isInt = true;
  return out;
}

/** Length limits of a string or an array. */
export function lengthBounds(schema: z.ZodType): { min: number; max?: number } {
  let min = 0;
  let max: number | undefined;
  for (const c of checksOf(schema)) {
    if (c.check === "min_length") min = Math.max(min, c.minimum ?? 0);
    if (c.check === "max_length") max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
    if (c.check === "length_equals") min = max = c.value ?? min;
  }
  return { min, max };
}

/** The format a string must have: uuid, email, url, date, a regex; none for free text. */
export function stringFormat(schema: z.ZodType): { format?: string; pattern?: RegExp } {
  const def = defOf(schema);
  const regex = checksOf(schema).find((c) => c.check === "string_format" && c.format === "regex");
  if (regex) return { format: "regex", pattern: regex.pattern };
  return { format: def.format, pattern: def.pattern };
}

/**
 * Text people write: letters, digits, punctuation, and what tends to break text handling —
 * right-to-left marks and scripts, zero-width characters, emoji (with joiners and skin tones),
 * combining marks, a byte-order mark, characters outside the basic plane. Never a NUL or an
 * unpaired surrogate: those are invalid (mutations.ts sends them).
 */
export const UNICODE_EDGES = [
  "\u202e", // right-to-left override
  "\u200f", // right-to-left mark
  "שלום",
  "مرحبا",
  "\u200b", // zero-width space
  "\u200d", // zero-width joiner
  "\ufeff", // byte-order mark
  "👩‍👩‍👧",
  "👍🏽",
  "e\u0301", // e + combining acute
  "a\u0308\u0301\u0323", // stacked combining marks
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "\u00a0", // no-break space
  "'\"<>&;\\",
  "%s%n{0}",
];
const textUnit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
);

/** Free text of `min`..`max` UTF-16 code units (as zod counts), leaning to short with the limits themselves now and then. */
export function text(min: number, max = 2000): fc.Arbitrary<string> {
  const pieces = fc.array(textUnit, { minLength: min, maxLength: Math.max(min, Math.min(max, 24)) }).map((parts) => parts.join(""));
  const fits = (s: string) => s.length >= min && s.length <= max;
  const atMax = fc.constantFrom("x", "é", "z").map((c) => c.repeat(max));
  const atMin = fc.constant("y".repeat(min));
  return fc.oneof({ weight: 8, arbitrary: pieces.filter(fits) }, { weight: 1, arbitrary: atMax }, { weight: 1, arbitrary: atMin });
}

const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9._+-]{0,15}$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/))
  .filter(([local]) => !local.endsWith(".") && !local.includes(".."))
  .map(([local, host]) => `${local}@${host}.example`);

const isoDate = fc
  .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Hosts under .example only: a generated url must never lead the service to fetch from anywhere real. */
const url = fc
  .tuple(fc.constantFrom("https", "http"), fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/), fc.webPath(), fc.webQueryParameters())
  .map(([scheme, host, path, query]) => `${scheme}://${host}.example${path}${query ? `?${encodeURIComponent(query)}` : ""}`);

/** Any JSON document a client might send for a field typed "anything" (block content, proposal data). */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    text(0, 40),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(text(0, 12), tie("value"), { maxKeys: 4 }),
  ),
})).value;

function numberArb(schema: z.ZodType): fc.Arbitrary<number> {
  const { min, max, minExclusive, maxExclusive, isInt } = numberBounds(schema);
  if (isInt) {
    // Without bounds in the schema, the whole safe range is valid, and its ends are what columns overflow on.
    const lo = Math.max(min ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER) + (minExclusive ? 1 : 0);
    const hi = Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) - (maxExclusive ? 1 : 0);
    const usual = fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31) });
    const edges = [lo, hi, 2 ** 31, -(2 ** 31) - 1, 0].filter((n) => n >= lo && n <= hi);
    return fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
  }
  if (min === undefined && max === undefined) {
    const edges = [Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 2, -0, 0.1, 1e21];
    return fc.oneof(
      { weight: 4, arbitrary: fc.double({ min: -1e9, max: 1e9, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(...edges) },
    );
  }
  const lo = min ?? -Number.MAX_VALUE;
  const hi = max ?? Number.MAX_VALUE;
  const general = fc.double({ min: lo, max: hi, minExcluded: !!minExclusive, maxExcluded: !!maxExclusive, noNaN: true });
  const ends = [minExclusive ? undefined : lo, maxExclusive ? undefined : hi].filter((n): n is number => n !== undefined);
  return ends.length ? fc.oneof({ weight: 4, arbitrary: general }, { weight: 1, arbitrary: fc.constantFrom(...ends) }) : general;
}

function stringArb(schema: z.ZodType): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(schema);
  const { format, pattern } = stringFormat(schema);
  const within = (s: string) => s.length >= min && (max === undefined || s.length <= max);
  switch (format) {
    case undefined:
      return text(min, max);
    case "uuid":
    case "guid":
      return fc.uuid({ version: 4 });
    case "email":
      return email.filter(within);
    case "url":
      return url.filter(within);
    case "date":
      return isoDate;
    case "regex":
      return fc.stringMatching(pattern!).filter(within);
    default:
      throw new Error(`zod-arbitrary: no generator for strings of format ${format}`);
  }
}

/** Arbitraries for given places of a value, by path: `options[].label`, `recipient.id`. `OMIT` leaves a key out. */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;
export const OMIT = Symbol("omit");
export const omit = fc.constant(OMIT);

/** Values `schema` should accept (before its refinements), with `overrides` in the named places. */
export function validOf(schema: z.ZodType, overrides: Overrides = {}, path = ""): fc.Arbitrary<unknown> {
  if (path in overrides) return overrides[path];
  const def = defOf(schema);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (def.type) {
    case "string":
      return stringArb(schema);
    case "number":
      return numberArb(schema);
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...Object.values(def.entries!));
    case "literal":
      return fc.constantFrom(...def.values!);
    case "unknown":
    case "any":
      return jsonValue;
    case "optional":
    case "default":
    case "prefault":
      return validOf(def.innerType!, overrides, path);
    case "nullable":
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: validOf(def.innerType!, overrides, path) });
    case "pipe":
      return validOf(def.in!, overrides, path);
    case "union":
      return fc.oneof(...def.options!.map((o) => validOf(o, overrides, path)));
    case "array": {
      const { min, max } = lengthBounds(schema);
      return fc.array(validOf(def.element!, overrides, `${path}[]`), { minLength: min, maxLength: Math.max(min, Math.min(max ?? 4, 4)) });
    }
    case "record":
      return fc.dictionary(
        validOf(def.keyType!, overrides, `${path}{}`) as fc.Arbitrary<string>,
        validOf(def.valueType!, overrides, `${path}[]`),
        {
          maxKeys: 4,
        },
      );
    case "object": {
      const shape = def.shape!;
      const arbs = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, validOf(field, overrides, at(key))]));
      const required = Object.keys(shape).filter((key) => !isOptional(shape[key]));
      return fc
        .record(arbs, { requiredKeys: required })
        .map((value) => Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== OMIT)));
    }
    default:
      throw new Error(`zod-arbitrary: no generator for a ${def.type} at "${path}"`);
  }
}

/** One place in a value where a schema applies: what mutations.ts may break. */
export type Site = { path: (string | number)[]; schema: z.ZodType; present: boolean };

/** Every place in `value` a schema describes, present or (for a missing key) absent, outermost first. */
export function sitesOf(schema: z.ZodType, value: unknown, path: (string | number)[] = []): Site[] {
  const def = defOf(schema);
  const here: Site = { path, schema, present: value !== undefined };
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "nullable":
      return value === undefined || value === null ? [here] : [here, ...sitesOf(def.innerType!, value, path).slice(1)];
    case "pipe":
      return [here, ...sitesOf(def.in!, value, path).slice(1)];
    case "object": {
      if (!value || typeof value !== "object" || Array.isArray(value)) return [here];
      const record = value as Record<string, unknown>;
      return [here, ...Object.entries(def.shape!).flatMap(([key, field]) => sitesOf(field, record[key], [...path, key]))];
    }
    case "array":
      return Array.isArray(value) ? [here, ...value.flatMap((item, i) => sitesOf(def.element!, item, [...path, i]))] : [here];
    case "record":
      return value && typeof value === "object"
        ? [here, ...Object.entries(value).flatMap(([key, item]) => sitesOf(def.valueType!, item, [...path, key]))]
        : [here];
    case "union": {
      // The option the value matches: its inner places.
      const option = def.options!.find((o) => o.safeParse(value).success);
      return option ? [here, ...sitesOf(option, value, path).slice(1)] : [here];
    }
    default:
      return [here];
  }
}

/** What a site's schema is at heart, under optional, nullable and default wrappers and the input side of a pipe. */
export function coreOf(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (["optional", "default", "prefault", "nullable"].includes(def.type)) return coreOf(def.innerType!);
  if (def.type === "pipe") return coreOf(def.in!);
  return schema;
}
