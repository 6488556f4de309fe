import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb, DbUnavailableError, type Db } from "@/lib/db/client";
import { authenticate, type Caller } from "./authenticate";
import { AppError, ERROR_STATUS, validationError, type ValidationIssue } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type AnyObject = z.ZodType<Record<string, unknown>>;

export type EndpointContext<P, Q, B> = {
  db: Db;
  caller: Caller;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  /** True when an agent asked to validate and preview without writing (see the MCP interface). */
  dryRun?: boolean;
  /** Which interface the request came through: recorded with every change. */
  via: "browser" | "api" | "agent";
  operationId: string;
};

/**
 * One endpoint, described once: the route handler, the OpenAPI document and the agent tools are
 * all derived from this.
 */
export type Endpoint<P = unknown, Q = unknown, B = unknown, R = unknown> = {
  /** snake_case, unique per service: the OpenAPI operationId and the agent tool's name. */
  operationId: string;
  method: HttpMethod;
  /** Relative to the service's base path, OpenAPI style: `/courses/{courseId}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Action endpoints accept an empty body. */
  bodyOptional?: boolean;
  response: z.ZodType<R>;
  status: number;
  /** HTTP statuses the service declares for this endpoint, besides the success status. */
  errors: number[];
  /** Open to anyone (sign-up, health); everything else needs a key or a session. */
  isPublic?: boolean;
  run: (ctx: EndpointContext<P, Q, B>) => Promise<R>;
};

export function defineEndpoint<P, Q, B, R>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any, any>;

export type ServiceErrorWriter = (error: AppError) => unknown;

export type Service = {
  name: string;
  basePath: string;
  writeError: ServiceErrorWriter;
};

const MAX_BODY_BYTES = 2 * 1024 * 1024;

export function zodIssues(error: z.ZodError, prefix?: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

async function readJsonBody(req: Request, optional: boolean): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError("payload_too_large", "Request body is larger than 2 MB");
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError("payload_too_large", "Request body is larger than 2 MB");
  if (text.trim() === "") {
    if (optional) return undefined;
    throw new AppError("invalid_json", "Request body must be a JSON document");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "Request body is not valid JSON");
  }
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in out)) out[key] = value;
  return out;
}

/** Parses input with a schema, turning failures into one validation error with every issue. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(zodIssues(result.error, prefix));
  return result.data;
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

function json(status: number, body: unknown, requestId: string): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
    },
  });
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: RouteContext) => Promise<Response>) & { endpoint: AnyEndpoint };

/** Prepares an endpoint's input from the raw parts, exactly as the HTTP route does. */
export async function prepareInput(
  endpoint: AnyEndpoint,
  raw: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
) {
  let params: unknown = raw.params;
  if (endpoint.params) {
    const parsed = endpoint.params.safeParse(raw.params);
    // A malformed id names nothing that can exist.
    if (!parsed.success) throw new AppError("not_found", "Not found");
    params = parsed.data;
  }
  const query = endpoint.query ? parseInput(endpoint.query, raw.query) : raw.query;
  let body = raw.body;
  if (endpoint.body) {
    if (body === undefined && endpoint.bodyOptional) body = {};
    body = parseInput(endpoint.body, body);
  }
  return { params, query, body };
}

/** Turns an endpoint into a Next.js route handler with the service's authentication and errors. */
export function routeHandler(service: Service, endpoint: AnyEndpoint): RouteHandler {
  const handler = async (req: Request, ctx: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      const rawParams = await ctx.params;
      const url = new URL(req.url);
      const db = await getDb();
      // Who is asking comes first: a request without a valid key is 401 whatever its body.
      const caller = endpoint.isPublic ? (null as unknown as Caller) : await authenticate(req, db);
      const rawBody = endpoint.body ? await readJsonBody(req, endpoint.bodyOptional ?? false) : undefined;
      const input = await prepareInput(endpoint, { params: rawParams, query: queryObject(url), body: rawBody });
      const via = caller?.via === "session" ? "browser" : "api";
      const result = await endpoint.run({ db, caller, ...input, requestId, via, operationId: endpoint.operationId });
      return json(endpoint.status, endpoint.response.parse(result), requestId);
    } catch (error) {
      const appError = toAppError(error, requestId);
      return json(ERROR_STATUS[appError.code], service.writeError(appError), requestId);
    }
  };
  return Object.assign(handler, { endpoint });
}

export type { Caller };
export type { AnyObject };
