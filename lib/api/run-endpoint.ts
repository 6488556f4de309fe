import { z } from "zod";
import { DbUnavailableError, type Db, type Tx } from "@/lib/db/client";
import type { Caller } from "./authenticate";
import { csvAnswer, prefersCsv } from "./csv";
import type { AnyEndpoint, RequestClient } from "./endpoint";
import { AppError, notFound, validationError, type ValidationIssue } from "./errors";
import { isPrebuilt, NotModified } from "./prebuilt";
import { serviceError, type Service } from "./service";
import { unstorableText } from "./storable-text";

/** Turns zod's issues into the services' `{path, message}` list; each unknown key is an issue of its own. */
export function zodIssues(error: z.ZodError, prefix?: string): ValidationIssue[] {
  const join = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join(".");
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: join([...issue.path, key]), message: `Unknown field "${key}"` }))
      : [{ path: join(issue.path), message: issue.message }],
  );
}

/** Parses input with a schema, turning failures into one validation error with every issue. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(zodIssues(result.error, prefix));
  return result.data;
}

/** Input the database could not store (NUL characters, broken surrogates, absurd nesting) is a 400, never a 500. */
function refuseUnstorable(value: unknown) {
  const issues = unstorableText(value);
  if (issues.length) throw validationError(issues);
}

/** Maps anything thrown to the error a client may see; unknown failures are logged, never shown. */
export function toAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DbUnavailableError) {
    return new AppError("not_configured", "The service is not available: its database is not ready. GET /api/health says why.");
  }
  const prismaCode = (error as { code?: unknown })?.code;
  if (prismaCode === "P2025") return new AppError("not_found", "Not found");
  console.error(`[api] request ${requestId} failed:`, error);
  return new AppError("internal_error", `Internal error (request id ${requestId})`);
}

/**
 * The answer through its response schema. A list whose items fail it (a stored row no longer
 * readable as the schema says) leaves those items out, each logged with the request id, instead
 * of failing the whole list: one bad row must not take every member's list down.
 */
export function parseResponse(endpoint: AnyEndpoint, result: unknown, requestId: string): unknown {
  const parsed = endpoint.response.safeParse(result);
  if (parsed.success) return parsed.data;
  const response = endpoint.response;
  if (!(response instanceof z.ZodObject) || !result || typeof result !== "object") throw parsed.error;
  const salvaged: Record<string, unknown> = { ...(result as Record<string, unknown>) };
  for (const [key, field] of Object.entries(response.shape as Record<string, z.ZodType>)) {
    const items = salvaged[key];
    if (!(field instanceof z.ZodArray) || !Array.isArray(items)) continue;
    salvaged[key] = items.filter((item, index) => {
      const checked = (field.element as z.ZodType).safeParse(item);
      if (!checked.success) {
        console.error(`[api] request ${requestId}: ${endpoint.operationId} left out ${key}[${index}]:`, z.prettifyError(checked.error));
      }
      return checked.success;
    });
  }
  return response.parse(salvaged);
}

/** A request's input before validation, however it arrived (HTTP or an agent tool call). */
export type RawInput = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Read only once the resource is known: `undefined` when there is none. */
  body: () => Promise<unknown>;
  /** The If-Match header (or the agent tools' `if_match`): absent for most requests. */
  ifMatch?: string | null;
  /** The If-None-Match header (GET only). */
  ifNoneMatch?: string | null;
  /** The X-Edit-Session header: the browser tab the request comes from; ignored unless well-formed. */
  editSession?: string | null;
  /** The Accept header: `text/csv` asks an endpoint with a `csv` table for it (./csv.ts). */
  accept?: string | null;
};

/** A tab's id as the editor makes it (a uuid); anything else names no session. */
const EditSession = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

export const editSessionOf = (value: string | null | undefined): string | undefined => {
  const parsed = EditSession.safeParse(value?.trim());
  return parsed.success ? parsed.data : undefined;
};

export type RunOptions = {
  db: Db;
  /** Null only for public endpoints. */
  caller: Caller | null;
  requestId: string;
  via: "browser" | "api" | "agent";
  dryRun?: boolean;
  /** What the endpoint's `readWithKey` read with the caller's key, when it ran. */
  prefetched?: string | null;
  /** The HTTP client's address and User-Agent; none for an agent tool. */
  client?: RequestClient;
};

export type RunResult = { ok: true; status: number; body: unknown } | { ok: false; status: number; body: unknown; error: AppError };

const Timestamp = z.iso.datetime({ offset: true });

/**
 * The version an If-Match names: the item's `updated_at` as its GET answers it, bare or quoted as
 * an entity tag. `*` (any version) checks nothing; anything else is a 400 naming the header.
 */
export function parseIfMatch(value: string | null | undefined): Date | undefined {
  const raw = value?.trim();
  if (!raw || raw === "*") return undefined;
  const unquoted = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!Timestamp.safeParse(unquoted).success) {
    throw validationError([
      { path: "If-Match", message: "Expected the item's updated_at as its GET answers it, e.g. 2026-01-31T12:00:00.000Z" },
    ]);
  }
  return new Date(unquoted);
}

/** How long a write waits for the clock to pass the version it replaces (see below), at most. */
const MAX_CLOCK_WAIT_MS = 50;

/**
 * If-Match's check, inside the write's transaction: the item's row is locked, so a concurrent write
 * waits for this one and then sees the version it made. A matching version goes on to the write,
 * which refuses a caller who may not make it as it always does; a stale one is 409 with the item as
 * it is now, read by `current`, which refuses such a caller the same way first.
 */
async function checkVersion(tx: Tx, endpoint: AnyEndpoint, caller: Caller, params: unknown, expected: Date) {
  const ifMatch = endpoint.ifMatch!;
  const version = await ifMatch.version(tx, params);
  if (version?.getTime() !== expected.getTime()) {
    const current = await ifMatch.current(tx, caller, params);
    if (!version) throw notFound("Item");
    throw new AppError("edit_conflict", "The item has changed since the version your If-Match names: details.current is the item now.", {
      current: endpoint.response.parse(current),
    });
  }
  // Versions are milliseconds: the write must stamp a later one than the version it replaces, or a
  // client still holding that version could write over this change unnoticed.
  // (A clock far behind the version's, another server's, is not waited for.)
  const deadline = Date.now() + MAX_CLOCK_WAIT_MS;
  while (Date.now() <= version.getTime() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * Runs one endpoint the same way for every interface: path ids (a malformed one is 404), then the
 * endpoint's `load` (404, no access), then query and body (400), then the domain code, and the
 * result through its response schema. Errors come back in the service's shape.
 */
export async function runEndpoint(service: Service, endpoint: AnyEndpoint, raw: RawInput, options: RunOptions): Promise<RunResult> {
  try {
    const caller = options.caller as Caller;
    if (caller?.suggestOnly && endpoint.method !== "GET" && !endpoint.isSuggestion) {
      throw new AppError(
        "forbidden_scope",
        "This API key may only read, comment and suggest changes; a person accepts them. Use a full key for other writes.",
        { scope: "suggest", operation: endpoint.operationId },
      );
    }
    let params: unknown = raw.params;
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(raw.params);
      // A malformed id names nothing that can exist.
      if (!parsed.success) throw new AppError("not_found", "Not found");
      params = parsed.data;
    }
    const loaded = endpoint.load ? await endpoint.load({ db: options.db, caller, params, prefetched: options.prefetched }) : undefined;
    refuseUnstorable(raw.query);
    const query = endpoint.query ? parseInput(endpoint.query, raw.query) : raw.query;
    let body = endpoint.body ? await raw.body() : undefined;
    if (endpoint.body) {
      if (body === undefined && endpoint.bodyOptional) body = {};
      refuseUnstorable(body);
      body = parseInput(endpoint.body, body);
    }
    const expected = endpoint.ifMatch ? parseIfMatch(raw.ifMatch) : undefined;
    let isChecked = false;
    const precondition =
      expected &&
      (async (tx: Tx) => {
        isChecked = true;
        await checkVersion(tx, endpoint, caller, params, expected);
      });
    const result = await endpoint.run({
      db: options.db,
      caller,
      params,
      query,
      body,
      loaded,
      requestId: options.requestId,
      dryRun: options.dryRun === true && endpoint.method !== "GET",
      via: options.via,
      editSession: editSessionOf(raw.editSession),
      operationId: endpoint.operationId,
      ifNoneMatch: endpoint.method === "GET" ? raw.ifNoneMatch : undefined,
      precondition,
      prefetched: options.prefetched,
      client: options.client,
    });
    // An If-Match that was not checked must not pass for one that was.
    if (precondition && !isChecked) throw new Error(`${endpoint.operationId} declares ifMatch but does not write through write()`);
    // Text an endpoint built itself is proven equal to the schema's output by that endpoint's tests.
    if (isPrebuilt(result)) return { ok: true, status: result instanceof NotModified ? 304 : endpoint.status, body: result };
    const answer = parseResponse(endpoint, result, options.requestId);
    // An explicit ?format wins over the Accept header.
    const format = (query as { format?: string }).format;
    if (endpoint.csv && (format === "csv" || (format === undefined && prefersCsv(raw.accept)))) {
      return { ok: true, status: endpoint.status, body: csvAnswer(endpoint.csv(answer, { params, query })) };
    }
    return { ok: true, status: endpoint.status, body: answer };
  } catch (error) {
    const appError = toAppError(error, options.requestId);
    return { ok: false, ...serviceError(service, appError), error: appError };
  }
}
