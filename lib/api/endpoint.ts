import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Caller } from "./authenticate";
import type { ErrorCode } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How a request body arrives: a JSON document, or a multipart form (file uploads). */
export type BodyKind = "json" | "multipart";

/** What every step of an endpoint may use: the database and who is asking. */
export type LoadContext<P> = { db: Db; caller: Caller; params: P };

export type EndpointContext<P, Q, B, L = undefined> = LoadContext<P> & {
  query: Q;
  body: B;
  /** What the endpoint's `load` step found (the resource, with the caller's access checked). */
  loaded: L;
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
export type Endpoint<P = unknown, Q = unknown, B = unknown, R = unknown, L = undefined> = {
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
  /** JSON unless said otherwise. */
  bodyKind?: BodyKind;
  /** Action endpoints accept an empty body. */
  bodyOptional?: boolean;
  response: z.ZodType<R>;
  status: number;
  /**
   * Error codes this endpoint can answer beyond those its shape implies (401 unless public, 404
   * with path ids, 400 with a query or body, 503 always): e.g. `forbidden`, `conflict`.
   */
  errors?: ErrorCode[];
  /** Open to anyone (sign-up, health); everything else needs a key or a session. */
  isPublic?: boolean;
  /**
   * Runs before the query and body are read: finds the resource and checks the caller's access,
   * so an unknown id (404) or a resource the caller may not touch outranks an invalid body (400).
   */
  load?: (ctx: LoadContext<P>) => Promise<L>;
  run: (ctx: EndpointContext<P, Q, B, L>) => Promise<R>;
};

export function defineEndpoint<P, Q, B, R, L = undefined>(endpoint: Endpoint<P, Q, B, R, L>): Endpoint<P, Q, B, R, L> {
  return endpoint;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any, any, any>;

export type { Caller };
