import type { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import type { AddressLimit } from "./address-limits";
import type { Caller, ReadWithKey } from "./authenticate";
import type { CsvTable } from "./csv";
import type { ErrorCode } from "./errors";
import type { Prebuilt } from "./prebuilt";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How a request body arrives: a JSON document, or a multipart form (file uploads). */
export type BodyKind = "json" | "multipart";

/** What every step of an endpoint may use: the database and who is asking. */
export type LoadContext<P> = {
  db: Db;
  caller: Caller;
  params: P;
  /** What `readWithKey` read with the API key: undefined when it did not run (a session, an agent tool). */
  prefetched?: string | null;
};

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
  /** The browser tab that sent the request (X-Edit-Session): recorded with its changes. */
  editSession?: string;
  operationId: string;
  /** The If-None-Match header of a GET: an endpoint that tags its answers may answer `NotModified`. */
  ifNoneMatch?: string | null;
  /**
   * Set when the request sent If-Match: `write()` runs it first inside its transaction (the version
   * check, atomic with the write). See `Endpoint.ifMatch`.
   */
  precondition?: (tx: Tx) => Promise<void>;
  /** Who is on the other end of an HTTP request (a recipient's signature records it); undefined for an agent tool. */
  client?: RequestClient;
};

/** The client of an HTTP request: its address as sign-in reads it (`TRUST_PROXY`), and its User-Agent. */
export type RequestClient = { address: string; userAgent: string };

/**
 * Optimistic concurrency for an endpoint that updates one item with an `updated_at`: a request
 * may send `If-Match: <updated_at as the item's GET answers it>`, and the write then happens only
 * if the item has not changed since; otherwise 409 `conflict` with the item as it is now in
 * `details.current` (docs/decisions/011-optimistic-concurrency.md). The check runs inside the
 * write's transaction with the item's row locked, so of two writes sent with the same If-Match
 * one wins and the other is refused. The endpoint must write through `write()`.
 */
export type IfMatch<P> = {
  /** Locks the item's row until the transaction ends and reads its `updated_at`; null when there is no such row. */
  version: (tx: Tx, params: P) => Promise<Date | null>;
  /**
   * The item as this endpoint's response describes it, read under that lock when the version
   * differs. It refuses (404, 403) exactly as the write itself would, so If-Match tells a caller
   * who may not write nothing.
   */
  current: (tx: Tx, caller: Caller, params: P) => Promise<unknown>;
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
  /**
   * The media type of a file the endpoint answers (`run` returns a `FileAnswer`) instead of JSON:
   * the OpenAPI document describes its body as that type's bytes, and agents get no tool for it.
   */
  produces?: "application/pdf" | "application/zip" | "application/vc+jwt";
  status: number;
  /**
   * Error codes this endpoint can answer beyond those its shape implies (401 unless public, 404
   * with path ids, 400 with a query or body, 503 always): e.g. `forbidden`, `conflict`.
   */
  errors?: ErrorCode[];
  /**
   * A write a suggest-only API key may make (comments, replies, resolving, suggestions): every
   * other write answers such a key 403 `forbidden_scope` before anything is read (decision 060).
   */
  isSuggestion?: boolean;
  /** Open to anyone (sign-up, health); everything else needs a key or a session. */
  isPublic?: boolean;
  /** Counted per client address before anything else (429 past the budget): a public endpoint has no key to count. */
  addressLimit?: AddressLimit;
  /**
   * Runs before the query and body are read: finds the resource and checks the caller's access,
   * so an unknown id (404) or a resource the caller may not touch outranks an invalid body (400).
   */
  load?: (ctx: LoadContext<P>) => Promise<L>;
  /**
   * A read one SQL expression can give (a GET's whole answer, or what a write's `load` checks): it
   * is sent in the API-key lookup's statement (lib/api/authenticate.ts `ReadWithKey`), and `load`
   * and `run` find its value in `prefetched`. The other ways in (a session, an agent tool) read as
   * usual, and a test holds the two equal.
   */
  readWithKey?: (params: P) => ReadWithKey;
  /** Accepts If-Match (optimistic concurrency): see `IfMatch`. */
  ifMatch?: IfMatch<P>;
  /** The result, checked by `response` and serialised; or text the endpoint built itself (./prebuilt.ts). */
  run: (ctx: EndpointContext<P, Q, B, L>) => Promise<R | Prebuilt>;
  /**
   * The result as a table (issue 42): asked with `?format=csv` (the endpoint's query declares
   * `format`) or `Accept: text/csv`, the endpoint answers it as `text/csv` (./csv.ts) instead of JSON.
   */
  csv?: (result: R, ctx: { params: P; query: Q }) => CsvTable;
};

export function defineEndpoint<P, Q, B, R, L = undefined>(endpoint: Endpoint<P, Q, B, R, L>): Endpoint<P, Q, B, R, L> {
  return endpoint;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any, any, any>;

export type { Caller };
