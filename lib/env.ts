import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the app reads, in one place: its shape, its default and what it does.
 * docs/configuration.md is generated from these entries (`npm run docs:config`, lib/env-reference.ts),
 * and lib/env.test.ts fails while it is stale. Values are read at each call, so a deployment or a
 * test changes a limit without a restart. A value that is set but malformed falls back to the
 * default, and the server says so when it starts (`invalidSettings`); a malformed critical one stops
 * the start instead (`criticalSettingErrors`), because its default would quietly do something else:
 * keep mail unsent, data in another database, counts in another store.
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

/**
 * A URL with one of `protocols` ("smtp:"), and a host when `needsHost`; `orPath` also accepts an
 * absolute path (a Unix socket). `expected` says what it must look like when it does not.
 */
const urlWith = (protocols: readonly string[], expected: string, { needsHost = false, orPath = false } = {}) =>
  z
    .string()
    .trim()
    .refine((value) => {
      if (orPath && value.startsWith("/") && !value.startsWith("//")) return true;
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return protocols.includes(url.protocol) && (!needsHost || url.hostname !== "");
    }, `expected ${expected}`);

/** Where variables are read from: the process's environment, or a test's own. */
export type EnvSource = Record<string, string | undefined>;

type Setting<T> = {
  schema: z.ZodType<T>;
  fallback: T;
  /** What the variable does, as docs/configuration.md says it: one sentence or a few, markdown. */
  doc: string;
  /** The default as the reference shows it, where the fallback alone would not say it (one made when unset). */
  shownDefault?: string;
  /** A malformed value stops the start (`criticalSettingErrors`) and `env` throws, instead of falling back. */
  isCritical?: boolean;
};
type SettingOptions = Pick<Setting<unknown>, "shownDefault" | "isCritical">;
const setting = <T>(schema: z.ZodType<T>, fallback: T, doc: string, options: SettingOptions = {}): Setting<T> => ({
  schema,
  fallback,
  doc,
  ...options,
});

export const SETTINGS = {
  // The database and files
  DATA_DIR: setting<string | undefined>(
    text,
    undefined,
    "where the embedded database and the generated auth secret live; `memory://` keeps nothing",
    { shownDefault: "`.data`" },
  ),
  DATABASE_URL: setting<string | undefined>(
    urlWith(["postgresql:", "postgres:"], "postgresql://user:pass@host:5432/db"),
    undefined,
    "`postgresql://user:pass@host:5432/db`: use this PostgreSQL server (pooled, `DATABASE_POOL_SIZE`) instead of the embedded database",
    { isCritical: true },
  ),
  DATABASE_POOL_SIZE: setting(
    positiveInteger,
    10,
    "connections each process's pool keeps open at most to the PostgreSQL server of `DATABASE_URL`",
  ),
  DATABASE_PREPARED_STATEMENTS: setting(
    nonNegativeInteger,
    300,
    "how many distinct SQL statements each process prepares (planned once per pooled connection instead of on every request; docs/decisions/020). `0` for a pooler in transaction mode that cannot keep prepared statements (PgBouncer before 1.21)",
  ),
  MIGRATE_ON_START: setting(
    flagWords,
    true,
    "apply pending migrations when the server starts; with `false`, the APIs answer 503 until `npm run db:migrate` has run",
  ),
  STORAGE_URL: setting<string | undefined>(
    urlWith(["s3:"], "s3://bucket or s3://bucket/prefix", { needsHost: true }),
    undefined,
    "`s3://bucket[/prefix]` stores hosted images and PDFs in S3 or an S3-compatible server. Unset: under `<DATA_DIR>/files`, or in memory with `DATA_DIR=memory://`",
    { isCritical: true },
  ),
  S3_ENDPOINT: setting<string | undefined>(text, undefined, "endpoint URL of an S3-compatible server; leave unset for AWS"),
  S3_REGION: setting(text, "us-east-1", "the bucket's region"),
  S3_ACCESS_KEY_ID: setting<string | undefined>(
    text,
    undefined,
    "the access key id for the bucket, with `S3_SECRET_ACCESS_KEY`; unset: the AWS SDK's usual credential lookup (environment, profile, instance role)",
  ),
  S3_SECRET_ACCESS_KEY: setting<string | undefined>(
    text,
    undefined,
    "the secret access key for the bucket, with `S3_ACCESS_KEY_ID`; unset: the AWS SDK's usual credential lookup (environment, profile, instance role)",
  ),
  S3_FORCE_PATH_STYLE: setting(flagWords, false, "`1`/`true` for path-style bucket URLs, needed by most self-hosted S3 servers"),
  // Sign-in
  AUTH_SECRET: setting<string | undefined>(
    text,
    undefined,
    "signs browser sessions. Without it, one is generated on first start, kept in `DATA_DIR/auth-secret`, and the log says so. Set it explicitly when several instances share a database",
    { shownDefault: "generated" },
  ),
  NEXTAUTH_SECRET: setting<string | undefined>(text, undefined, "read as `AUTH_SECRET` when that is unset (next-auth's older name)"),
  NEXTAUTH_URL: setting<string | undefined>(
    text,
    undefined,
    "the app's public URL; when it starts with `https://`, the session cookie is a `__Host-` one whatever the proxy says",
  ),
  // Counting and limits
  TRUST_PROXY: setting(
    z.union([flagWords.transform((on) => (on ? 1 : 0)), nonNegativeInteger]),
    0,
    "`1`/`true` (or the number of proxies in front) when the app runs behind a reverse proxy that appends the client's address to `X-Forwarded-For`: sign-in, sign-up, the recipient pages' and the failed-key limits then count per that address. Unset: the address Next.js records for the connection (which a client can set itself when no proxy overwrites the header; the per-account sign-in limit holds regardless)",
    { shownDefault: "off" },
  ),
  REDIS_URL: setting<string | undefined>(
    urlWith(["redis:", "rediss:"], "redis://host:port/db or rediss://…, e.g. redis://127.0.0.1:6379/0 (or a Unix socket's path)", {
      orPath: true,
    }),
    undefined,
    "e.g. `redis://127.0.0.1:6379/0`: keep the rate-limit and sign-in counts in Redis instead (any database). While Redis cannot be reached, API requests answer 503 rather than go uncounted",
    { isCritical: true },
  ),
  API_RATE_LIMIT: setting(
    positiveInteger,
    600,
    "requests per window (`API_RATE_LIMIT_WINDOW`) per API key, REST and MCP together; over it: 429 with `Retry-After` and `RateLimit-Limit`/`-Remaining`/`-Reset`/`-Policy`. Browser sessions are not limited by it (their pages send bursts of autosaves; sign-in throttling guards sessions)",
  ),
  API_RATE_LIMIT_PER_ADDRESS: setting(
    positiveInteger,
    1200,
    "requests per window (`API_RATE_LIMIT_WINDOW`) per client address by API key (the last `x-forwarded-for` entry, written by Next.js or the nearest proxy)",
  ),
  API_RATE_LIMIT_WINDOW: setting(
    positive,
    60,
    "the window of `API_RATE_LIMIT` and `API_RATE_LIMIT_PER_ADDRESS`, in seconds. Counts live in PostgreSQL (table `rate_limits`, made by the migrations; in Redis with `REDIS_URL`) when `DATABASE_URL` is set, so instances share them (each instance takes about 2 % of a budget at a time, one point for budgets under 100, so a busy key costs one statement per batch; a key can spend that much more or less per instance and window); in memory on the embedded database",
  ),
  API_KEY_FAILURES_PER_ADDRESS: setting(
    positiveInteger,
    30,
    "failed API keys (a malformed `Authorization` header, an unknown or a revoked key) allowed per client address per window (`API_KEY_FAILURES_WINDOW_SECONDS`), REST and MCP together; past them, every request with a key from that address answers 429 with `Retry-After` until the window ends, a valid key included, before the key is looked up. Requests without a key (browser sessions) do not count. With several instances, each refuses from the first failure it counts past the budget",
  ),
  API_KEY_FAILURES_WINDOW_SECONDS: setting(positive, 60, "the window of `API_KEY_FAILURES_PER_ADDRESS`, in seconds"),
  PUBLIC_RATE_LIMIT_PER_ADDRESS: setting(
    positiveInteger,
    60,
    "reads of a recipient's page (`/p/{uuid}`, its PDF counted with it) allowed per client address per window (`PUBLIC_RATE_LIMIT_WINDOW`). Past them the answers are 429 with `Retry-After`, and the page says how many seconds to wait",
  ),
  PUBLIC_ANSWERS_PER_ADDRESS: setting(
    positiveInteger,
    20,
    "answers (`POST /api/public/proposals/{uuid}/accept` or `/reject`) allowed per client address per window (`PUBLIC_RATE_LIMIT_WINDOW`); checks on `/verify` get as many as answers, counted apart. Past them the answers are 429 with `Retry-After`, and the page says how many seconds to wait",
  ),
  PUBLIC_CHOICES_PER_ADDRESS: setting(
    positiveInteger,
    120,
    "saves of the customer's choices (`POST /api/public/proposals/{uuid}/choices`) allowed per client address per window (`PUBLIC_RATE_LIMIT_WINDOW`). Past them the answers are 429 with `Retry-After`, and the page says how many seconds to wait",
  ),
  PUBLIC_RATE_LIMIT_WINDOW: setting(
    positive,
    60,
    "the window of `PUBLIC_RATE_LIMIT_PER_ADDRESS`, `PUBLIC_ANSWERS_PER_ADDRESS` (and the `/verify` checks) and `PUBLIC_CHOICES_PER_ADDRESS`, in seconds",
  ),
  PUBLIC_VIEW_WINDOW_SECONDS: setting(
    positive,
    300,
    "a proposal's recipient view counts once per client address in this many seconds: reloading the page is not another view",
  ),
  PUBLIC_CHANGE_REQUESTS_PER_ADDRESS: setting(
    positiveInteger,
    10,
    '"Ask for changes" messages (`POST /api/public/proposals/{uuid}/change-requests`) allowed per client address per window (`PUBLIC_CHANGE_REQUESTS_WINDOW_SECONDS`); past them 429 with `Retry-After`. Each proposal takes at most 20 in all (docs/decisions/037)',
  ),
  PUBLIC_CHANGE_REQUESTS_WINDOW_SECONDS: setting(positive, 60 * 60, "the window of `PUBLIC_CHANGE_REQUESTS_PER_ADDRESS`, in seconds"),
  PUBLIC_ENGAGEMENT_PER_ADDRESS: setting(
    positiveInteger,
    1200,
    "reports of time on screen from the customer's page (`POST /api/public/proposals/{uuid}/engagement`, docs/decisions/064) allowed per client address per window (`PUBLIC_ENGAGEMENT_WINDOW_SECONDS`); past them 429 with `Retry-After`. A visible page reports every 15 s, 240 an hour: the default lets five pages stay open side by side behind one address",
  ),
  PUBLIC_ENGAGEMENT_WINDOW_SECONDS: setting(positive, 60 * 60, "the window of `PUBLIC_ENGAGEMENT_PER_ADDRESS`, in seconds"),
  SIGN_IN_FAILURES_PER_ACCOUNT: setting(
    positiveInteger,
    5,
    "wrong passwords allowed per account before sign-in answers 429 with `Retry-After` for the lockout time (`SIGN_IN_LOCKOUT_SECONDS`); a right password clears the account's count. Counted where the API rate limits are (`API_RATE_LIMIT_WINDOW`), so every instance shares them",
  ),
  SIGN_IN_FAILURES_PER_ADDRESS: setting(
    positiveInteger,
    20,
    "wrong passwords allowed per client address before sign-in answers 429 with `Retry-After` for the lockout time (`SIGN_IN_LOCKOUT_SECONDS`). Counted where the API rate limits are (`API_RATE_LIMIT_WINDOW`), so every instance shares them",
  ),
  SIGN_IN_LOCKOUT_SECONDS: setting(
    positiveInteger,
    15 * 60,
    "the lockout time: how long sign-in answers 429 once `SIGN_IN_FAILURES_PER_ACCOUNT` or `SIGN_IN_FAILURES_PER_ADDRESS` is reached",
  ),
  SIGN_UP_PER_ADDRESS: setting(
    positiveInteger,
    10,
    "sign-ups allowed per client address per window (`SIGN_UP_WINDOW_SECONDS`), then 429 with `Retry-After`",
  ),
  SIGN_UP_WINDOW_SECONDS: setting(positiveInteger, 60 * 60, "the window of `SIGN_UP_PER_ADDRESS`, in seconds"),
  // Password resets and account mails (lib/accounts/mail-limits.ts)
  PASSWORD_RESET_PER_ADDRESS: setting(
    positiveInteger,
    20,
    '"Forgot password?" requests and reset-link uses allowed per client address per window (`ACCOUNT_MAILS_WINDOW_SECONDS`); past them: 429 with `Retry-After`',
  ),
  ACCOUNT_MAILS_PER_ACCOUNT: setting(
    positiveInteger,
    5,
    'mails about an account (reset and verification links, "someone tried to sign up") allowed per address they go to per window (`ACCOUNT_MAILS_WINDOW_SECONDS`), whoever asks and whether or not it has an account. Past them: 429 with `Retry-After` (sign-up instead sends nothing more and still answers "check your inbox")',
  ),
  ACCOUNT_MAILS_WINDOW_SECONDS: setting(
    positiveInteger,
    60 * 60,
    "the window of `PASSWORD_RESET_PER_ADDRESS` and `ACCOUNT_MAILS_PER_ACCOUNT`, in seconds",
  ),
  // Mail (lib/mail)
  PORT: setting(positiveInteger, 3000, "HTTP port of `npm start`"),
  SMTP_URL: setting<string | undefined>(
    urlWith(["smtp:", "smtps:"], "smtp://… or smtps://…, e.g. smtp://user:pass@mail.example.com:587", { needsHost: true }),
    undefined,
    "e.g. `smtp://user:pass@mail.example.com:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start): the server mail goes through. Unset (the embedded default): every mail is still written to the outbox but not sent; the server log prints its subject and link, and `npm run admin -- mail:list [--to EMAIL]` prints them, so a fresh install can still reset a password",
    { isCritical: true },
  ),
  MAIL_FROM: setting(
    text,
    "Coursewright <no-reply@localhost>",
    'the From of every mail; a proposal goes out as "Sender\'s name via" this name, with Reply-To the contact person',
  ),
  APP_URL: setting<string | undefined>(
    urlWith(["http:", "https:"], "the app's public origin, http:// or https://, e.g. https://courses.example.com", { needsHost: true }),
    undefined,
    "the app's public origin, e.g. `https://courses.example.com`: every link a mail carries starts with it (never with a request's `Host` header)",
    { shownDefault: "`NEXTAUTH_URL`, else `http://localhost:PORT`", isCritical: true },
  ),
  // Background jobs (lib/jobs): mail, webhook deliveries, the proposal sweep (docs/decisions/052)
  JOBS_WORKER: setting(
    flagWords,
    true,
    "`0`/`off` stops this instance doing background jobs: sending mail and webhook deliveries, sweeping proposals (another instance, or a later start, does what waits)",
  ),
  JOBS_POLL_MS: setting(
    positiveInteger,
    2_000,
    "how often this instance looks for mail to send and webhook deliveries to attempt, in milliseconds (at once, too, when it writes one)",
  ),
  // Their names before lib/jobs, read for one release (lib/jobs/worker.ts): no default of their own.
  MAIL_WORKER: setting<boolean | undefined>(
    flagWords,
    undefined,
    "deprecated, read until the next release: `JOBS_WORKER` for mail and webhook deliveries (`0`/`off` stops those, not the proposal sweep)",
  ),
  MAIL_POLL_MS: setting<number | undefined>(
    positiveInteger,
    undefined,
    "deprecated, read until the next release while `JOBS_POLL_MS` is at its default: `JOBS_POLL_MS`",
  ),
  MAIL_RETRY_BASE_SECONDS: setting(
    positive,
    30,
    "the first retry after a failed attempt to send a mail (each later one waits twice as long, at most 24 hours), in seconds",
  ),
  MAIL_MAX_ATTEMPTS: setting(positiveInteger, 12, "attempts before a mail is marked failed"),
  MAIL_LEASE_SECONDS: setting(
    positive,
    120,
    "how long a mail being sent is held before another instance may take it over (its sender crashed), in seconds",
  ),
  // Webhook deliveries (lib/webhooks/worker.ts)
  WEBHOOK_RETRY_BASE_SECONDS: setting(
    positive,
    30,
    "the first retry of a failed webhook delivery (each later one waits twice as long; the last try is 24 hours after the event), in seconds",
  ),
  // Longer than an attempt may take (10 s), so a delivery under way is never claimed twice.
  WEBHOOK_LEASE_SECONDS: setting(
    z.coerce.number().min(15),
    60,
    "how long a delivery being attempted is held before another instance may take it over (its worker crashed), in seconds: at least `15`, longer than an attempt may take (10 s), else the default is used (docs/decisions/034)",
  ),
  // Proposal expiry and reminders (lib/proposals/expiry): 0 turns this instance's sweep off
  PROPOSAL_SWEEP_MS: setting(
    nonNegativeInteger,
    60_000,
    "how often proposals are swept for reminders that are due (mailed to the recipient once) and expiries that have passed (their `expired` event, `proposal.expired` webhook and the staff's mail, once), in milliseconds; instances sharing a database sweep in turn, once per interval between them, and each proposal is taken once (docs/decisions/037, 052). `0` keeps this instance from sweeping",
  ),
  // Item analysis (lib/authoring/analytics/tally-answers.ts): 0 turns this instance's tally off
  ANSWER_TALLY_MS: setting(
    nonNegativeInteger,
    60_000,
    "how often quiz attempts older than a minute are counted into the item analysis's tallies, in milliseconds; instances sharing a database tally in turn. The item analysis is exact either way (it reads untallied attempts itself); tallied, it reads a few rows per question instead of every answer (docs/decisions/065). `0` keeps this instance from tallying",
  ),
  // Downloads
  ALLOW_PRIVATE_FETCH: setting(
    flagWords,
    false,
    "`1`/`true` lets image and PDF downloads from URLs, and webhook deliveries, reach private, loopback, link-local and metadata addresses (and webhooks be registered with `http://` URLs)",
  ),
  FETCH_DEADLINE_MS: setting(
    positiveInteger,
    30_000,
    "how long one request's image and PDF downloads may take together, in milliseconds (4 at a time, each also bounded by its own 10 s); one still running then is refused with 400 naming its field",
  ),
  // Memory
  TREE_CACHE_MB: setting(
    z.coerce.number().min(0),
    64,
    "memory per instance for rendered project and course trees (`GET /projects/{id}`, `/outline`, `GET /courses/{id}`) and for content libraries' lists (`GET /v3/content`), kept per content version and answered with an `ETag` (304 on `If-None-Match`); a project read is spliced from its courses, each kept at its own version; `0` keeps none (decisions 016, 047, 048)",
  ),
  TREE_BUILDS: setting(
    positiveInteger,
    2,
    "rendered trees built at once per instance (the rest wait their turn): a big tree is tens of megabytes while it is built",
  ),
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
type ValueOf<N extends SettingName> = (typeof SETTINGS)[N]["fallback"];

const rawOf = (name: string, source: EnvSource) => {
  const raw = source[name];
  return raw === undefined || raw.trim() === "" ? undefined : raw;
};

/** A URL's password, if it has one, hidden: the value is printed back to say what was wrong with it. */
const withoutPassword = (raw: string) => raw.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*:)[^/@]*@/i, "$1***@");

/** What is wrong with a critical setting's value, naming it and what it must look like. */
function criticalProblem(name: SettingName, raw: string, error: z.ZodError): string {
  return `${name}=${JSON.stringify(withoutPassword(raw.trim()))} is not valid: ${error.issues[0]?.message ?? "malformed"}`;
}

/**
 * A setting's value now: the variable read with its shape, or its default when unset, empty or
 * malformed. A malformed critical setting throws instead, naming it (the server never starts with
 * one: `criticalSettingErrors`).
 */
export function env<N extends SettingName>(name: N, source: EnvSource = process.env): ValueOf<N> {
  const { schema, fallback, isCritical } = SETTINGS[name] as Setting<ValueOf<N>>;
  const raw = rawOf(name, source);
  if (raw === undefined) return fallback;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (isCritical) throw new Error(criticalProblem(name, raw, parsed.error));
  return fallback;
}

const names = () => Object.keys(SETTINGS) as SettingName[];

/** The variables that are set but malformed, each with what is used instead: the server logs them at start. */
export function invalidSettings(source: EnvSource = process.env): string[] {
  return names().flatMap((name) => {
    const raw = rawOf(name, source);
    const { schema, fallback, isCritical } = SETTINGS[name] as Setting<unknown>;
    if (isCritical || raw === undefined || schema.safeParse(raw).success) return [];
    return [`${name}=${JSON.stringify(raw)} is not valid: using ${JSON.stringify(fallback ?? "none")}`];
  });
}

/**
 * The critical settings that are set but malformed, each named with what it must look like: the
 * start stops when there is any (scripts/start.mjs before it builds, instrumentation.ts as the
 * server starts, which also sees what Next.js read from .env files).
 */
export function criticalSettingErrors(source: EnvSource = process.env): string[] {
  return names().flatMap((name) => {
    const raw = rawOf(name, source);
    const { schema, isCritical } = SETTINGS[name] as Setting<unknown>;
    if (!isCritical || raw === undefined) return [];
    const parsed = schema.safeParse(raw);
    return parsed.success ? [] : [criticalProblem(name, raw, parsed.error)];
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
