import type { z } from "zod";
import { DbUnavailableError, type Db } from "@/lib/db/client";
import type { Caller } from "./authenticate";
import type { AnyEndpoint } from "./endpoint";
import { AppError, validationError, type ValidationIssue } from "./errors";
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

/** A request's input before validation, however it arrived (HTTP or an agent tool call). */
export type RawInput = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Read only once the resource is known: `undefined` when there is none. */
  body: () => Promise<unknown>;
};

export type RunOptions = {
  db: Db;
  /** Null only for public endpoints. */
  caller: Caller | null;
  requestId: string;
  via: "browser" | "api" | "agent";
  dryRun?: boolean;
};

export type RunResult = { ok: true; status: number; body: unknown } | { ok: false; status: number; body: unknown; error: AppError };

/**
 * Runs one endpoint the same way for every interface: path ids (a malformed one is 404), then the
 * endpoint's `load` (404, no access), then query and body (400), then the domain code, and the
 * result through its response schema. Errors come back in the service's shape.
 */
export async function runEndpoint(service: Service, endpoint: AnyEndpoint, raw: RawInput, options: RunOptions): Promise<RunResult> {
  try {
    const caller = options.caller as Caller;
    let params: unknown = raw.params;
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(raw.params);
      // A malformed id names nothing that can exist.
      if (!parsed.success) throw new AppError("not_found", "Not found");
      params = parsed.data;
    }
    const loaded = endpoint.load ? await endpoint.load({ db: options.db, caller, params }) : undefined;
    refuseUnstorable(raw.query);
    const query = endpoint.query ? parseInput(endpoint.query, raw.query) : raw.query;
    let body = endpoint.body ? await raw.body() : undefined;
    if (endpoint.body) {
      if (body === undefined && endpoint.bodyOptional) body = {};
      refuseUnstorable(body);
      body = parseInput(endpoint.body, body);
    }
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
      operationId: endpoint.operationId,
    });
    return { ok: true, status: endpoint.status, body: endpoint.response.parse(result) };
  } catch (error) {
    const appError = toAppError(error, options.requestId);
    return { ok: false, ...serviceError(service, appError), error: appError };
  }
}
