import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the app reads, in one place: its shape and its default. The README's
 * Configuration table documents each one (a test holds the two together). Values are read at each
 * call, so a deployment or a test changes a limit without a restart; a value that is set but
 * malformed falls back to the default, and the server says so when it starts (`invalidSettings`).
 */

const positive = z.coerce.number().positive();
const positiveInteger = z.coerce.number().min(1).transform(Math.floor);
const nonNegativeInteger = z.coerce.number().int().min(0);
const flagWords = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["1", "true", "yes", "on", "0", "false", "no", "off"]))
  .transform((word) => ["1", "true", "yes", "on"].includes(word));
const text = z.string().trim().min(1);

/** Where variables are read from: the process's environment, or a test's own. */
export type EnvSource = Record<string, string | undefined>;

type Setting<T> = { schema: z.ZodType<T>; fallback: T };
const setting = <T>(schema: z.ZodType<T>, fallback: T): Setting<T> => ({ schema, fallback });

export const SETTINGS = {
  // The database and files
  DATA_DIR: setting<string | undefined>(text, undefined),
  DATABASE_URL: setting<string | undefined>(text, undefined),
  DATABASE_POOL_SIZE: setting(positiveInteger, 10),
  DATABASE_PREPARED_STATEMENTS: setting(nonNegativeInteger, 300),
  MIGRATE_ON_START: setting(flagWords, true),
  STORAGE_URL: setting<string | undefined>(text, undefined),
  S3_ENDPOINT: setting<string | undefined>(text, undefined),
  S3_REGION: setting(text, "us-east-1"),
  S3_ACCESS_KEY_ID: setting<string | undefined>(text, undefined),
  S3_SECRET_ACCESS_KEY: setting<string | undefined>(text, undefined),
  S3_FORCE_PATH_STYLE: setting(flagWords, false),
  // Sign-in
  AUTH_SECRET: setting<string | undefined>(text, undefined),
  NEXTAUTH_SECRET: setting<string | undefined>(text, undefined),
  NEXTAUTH_URL: setting<string | undefined>(text, undefined),
  // Counting and limits
  TRUST_PROXY: setting(z.union([flagWords.transform((on) => (on ? 1 : 0)), nonNegativeInteger]), 0),
  REDIS_URL: setting<string | undefined>(text, undefined),
  API_RATE_LIMIT: setting(positiveInteger, 600),
  API_RATE_LIMIT_PER_ADDRESS: setting(positiveInteger, 1200),
  API_RATE_LIMIT_WINDOW: setting(positive, 60),
  API_KEY_FAILURES_PER_ADDRESS: setting(positiveInteger, 30),
  API_KEY_FAILURES_WINDOW_SECONDS: setting(positive, 60),
  PUBLIC_RATE_LIMIT_PER_ADDRESS: setting(positiveInteger, 60),
  PUBLIC_ANSWERS_PER_ADDRESS: setting(positiveInteger, 20),
  PUBLIC_RATE_LIMIT_WINDOW: setting(positive, 60),
  PUBLIC_VIEW_WINDOW_SECONDS: setting(positive, 300),
  SIGN_IN_FAILURES_PER_ACCOUNT: setting(positiveInteger, 5),
  SIGN_IN_FAILURES_PER_ADDRESS: setting(positiveInteger, 20),
  SIGN_IN_LOCKOUT_SECONDS: setting(positiveInteger, 15 * 60),
  SIGN_UP_PER_ADDRESS: setting(positiveInteger, 10),
  SIGN_UP_WINDOW_SECONDS: setting(positiveInteger, 60 * 60),
  // Downloads
  ALLOW_PRIVATE_FETCH: setting(flagWords, false),
  FETCH_DEADLINE_MS: setting(positiveInteger, 30_000),
  // Memory
  TREE_CACHE_MB: setting(z.coerce.number().min(0), 64),
  TREE_BUILDS: setting(positiveInteger, 2),
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
type ValueOf<N extends SettingName> = (typeof SETTINGS)[N]["fallback"];

const rawOf = (name: string, source: EnvSource) => {
  const raw = source[name];
  return raw === undefined || raw.trim() === "" ? undefined : raw;
};

/** A setting's value now: the variable read with its shape, or its default when unset, empty or malformed. */
export function env<N extends SettingName>(name: N, source: EnvSource = process.env): ValueOf<N> {
  const { schema, fallback } = SETTINGS[name] as Setting<ValueOf<N>>;
  const raw = rawOf(name, source);
  if (raw === undefined) return fallback;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}

/** The variables that are set but malformed, each with what is used instead: the server logs them at start. */
export function invalidSettings(source: EnvSource = process.env): string[] {
  return (Object.keys(SETTINGS) as SettingName[]).flatMap((name) => {
    const raw = rawOf(name, source);
    if (raw === undefined || SETTINGS[name].schema.safeParse(raw).success) return [];
    return [`${name}=${JSON.stringify(raw)} is not valid: using ${JSON.stringify(SETTINGS[name].fallback ?? "none")}`];
  });
}

/** Where the embedded database and generated secrets live; `memory://` keeps nothing on disk. */
export function dataDir(): string {
  const dir = env("DATA_DIR");
  if (dir === "memory://") return dir;
  return path.resolve(/*turbopackIgnore: true*/ dir || ".data");
}

export function isMemoryDataDir(): boolean {
  return dataDir() === "memory://";
}

/** A PostgreSQL server to use instead of the embedded database, if configured. */
export function databaseUrl(): string | undefined {
  return env("DATABASE_URL");
}
