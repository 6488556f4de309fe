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
  PUBLIC_CHOICES_PER_ADDRESS: setting(positiveInteger, 120),
  PUBLIC_RATE_LIMIT_WINDOW: setting(positive, 60),
  PUBLIC_VIEW_WINDOW_SECONDS: setting(positive, 300),
  PUBLIC_CHANGE_REQUESTS_PER_ADDRESS: setting(positiveInteger, 10),
  PUBLIC_CHANGE_REQUESTS_WINDOW_SECONDS: setting(positive, 60 * 60),
  SIGN_IN_FAILURES_PER_ACCOUNT: setting(positiveInteger, 5),
  SIGN_IN_FAILURES_PER_ADDRESS: setting(positiveInteger, 20),
  SIGN_IN_LOCKOUT_SECONDS: setting(positiveInteger, 15 * 60),
  SIGN_UP_PER_ADDRESS: setting(positiveInteger, 10),
  SIGN_UP_WINDOW_SECONDS: setting(positiveInteger, 60 * 60),
  // Password resets and account mails (lib/accounts/mail-limits.ts)
  PASSWORD_RESET_PER_ADDRESS: setting(positiveInteger, 20),
  ACCOUNT_MAILS_PER_ACCOUNT: setting(positiveInteger, 5),
  ACCOUNT_MAILS_WINDOW_SECONDS: setting(positiveInteger, 60 * 60),
  // Mail (lib/mail)
  PORT: setting(positiveInteger, 3000),
  SMTP_URL: setting<string | undefined>(
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, "smtp:// or smtps://"),
    undefined,
  ),
  MAIL_FROM: setting(text, "Coursewright <no-reply@localhost>"),
  APP_URL: setting<string | undefined>(
    z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/ })),
    undefined,
  ),
  MAIL_WORKER: setting(flagWords, true),
  MAIL_POLL_MS: setting(positiveInteger, 2_000),
  MAIL_RETRY_BASE_SECONDS: setting(positive, 30),
  MAIL_MAX_ATTEMPTS: setting(positiveInteger, 12),
  MAIL_LEASE_SECONDS: setting(positive, 120),
  // Webhook deliveries (lib/webhooks/worker.ts); MAIL_WORKER and MAIL_POLL_MS pace them too
  WEBHOOK_RETRY_BASE_SECONDS: setting(positive, 30),
  // Longer than an attempt may take (10 s), so a delivery under way is never claimed twice.
  WEBHOOK_LEASE_SECONDS: setting(z.coerce.number().min(15), 60),
  // Proposal expiry and reminders (lib/proposals/expiry): 0 turns this instance's sweeper off
  PROPOSAL_SWEEP_MS: setting(nonNegativeInteger, 60_000),
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
