import { contentDisposition } from "@/lib/files/content-disposition";
import { SERVED_FILE_POLICY } from "@/lib/security/csp";
import { admit, jsonResponse } from "./admit";
import type { ReadWithKey } from "./authenticate";
import { clientAddress } from "./client-address";
import type { AnyEndpoint, BodyKind, RequestClient } from "./endpoint";
import { AppError } from "./errors";
import { FileAnswer, FileStream, JsonText, NotModified } from "./prebuilt";
import { RateLimitedError } from "./rate-limit";
import { readBodyCapped } from "./read-body";
import { runEndpoint } from "./run-endpoint";
import type { Service } from "./service";

/** A request's JSON body, read up to `limit` bytes; empty is `undefined` when `optional`, else a 400. */
export async function readJsonBody(req: Request, optional: boolean, limit: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyCapped(req, limit));
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

/** A multipart form as one object: text fields as strings, files as File; a repeated name keeps its first value. */
async function readMultipartBody(req: Request, limit: number): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError("validation_error", "Send the file as multipart/form-data", {
      issues: [{ path: "", message: "Expected a multipart/form-data body" }],
    });
  }
  const bytes = await readBodyCapped(req, limit);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("validation_error", "The multipart body could not be read", {
      issues: [{ path: "", message: "Malformed multipart/form-data body" }],
    });
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (!(name in out)) out[name] = value;
  }
  return out;
}

function bodyReader(service: Service, endpoint: AnyEndpoint, req: Request): () => Promise<unknown> {
  const kind: BodyKind = endpoint.bodyKind ?? "json";
  if (kind === "multipart") {
    const limit = service.bodyLimits.multipart;
    if (!limit) throw new Error(`${service.name} accepts no multipart bodies (${endpoint.operationId})`);
    return () => readMultipartBody(req, limit);
  }
  return () => readJsonBody(req, endpoint.bodyOptional ?? false, service.bodyLimits.json);
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in out)) out[key] = value;
  return out;
}

/** An answer the endpoint built itself: its text as is, or 304; tagged answers may be revalidated. */
function prebuilt(status: number, body: JsonText | NotModified, requestId: string, extra: Record<string, string>): Response {
  const tagged: Record<string, string> = body.etag
    ? { etag: body.etag, "cache-control": "private, no-cache" }
    : { "cache-control": "no-store" };
  const headers: Record<string, string> = { "x-request-id": requestId, ...extra, ...tagged };
  if (body instanceof NotModified) return new Response(null, { status: 304, headers });
  const json = { "content-type": "application/json; charset=utf-8", ...headers };
  if (typeof body.text === "string") return new Response(body.text, { status, headers: json });
  // Next.js drops a route handler's Content-Length (and Content-Encoding) and sends the body chunked
  // (next/dist/server/send-response.js); the length stays for servers that keep it.
  return new Response(uncopied(body.text), { status, headers: { ...json, "content-length": String(body.text.byteLength) } });
}

/**
 * A file an endpoint made or kept (a PDF): downloaded under its name, never cached by a shared
 * cache (a proposal is its company's and its recipient's), never sniffed as another type, never
 * indexed should a crawler meet its link.
 */
function fileResponse(status: number, file: FileAnswer | FileStream, requestId: string, extra: Record<string, string>): Response {
  const body = file instanceof FileStream ? file.stream : new Uint8Array(file.bytes);
  const length: Record<string, string> = file instanceof FileAnswer ? { "content-length": String(file.bytes.byteLength) } : {};
  return new Response(body, {
    status,
    headers: {
      "x-request-id": requestId,
      ...extra,
      "content-type": file.contentType,
      ...length,
      "content-disposition": contentDisposition("attachment", file.filename),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex",
      "content-security-policy": SERVED_FILE_POLICY,
    },
  });
}

/** The longest User-Agent kept: a header is whatever the client sends, and a signature stores it. */
const MAX_USER_AGENT = 1000;

/** Who sent the request, as a recipient's signature records it. */
export function requestClient(req: Request): RequestClient {
  return { address: clientAddress(req.headers), userAgent: (req.headers.get("user-agent") ?? "").slice(0, MAX_USER_AGENT) };
}

/**
 * Encoded JSON (a cached tree: megabytes) sent as its own bytes, in one chunk. A `Response` made
 * from the bytes themselves first copies all of them; the cache's copy is never written to, so it
 * can go out as it is, and node hands it to the socket in one write (chunks each waited for the
 * socket to drain, which bench/README.md measured slower).
 */
function uncopied(bytes: Uint8Array): ReadableStream<Uint8Array> {
  // A default stream, not a byte stream: a byte stream's enqueue would detach the cache's buffer.
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The endpoint's read that rides with the key lookup, when it has one and the path's ids are well-formed. */
function readWithKey(endpoint: AnyEndpoint, params: Record<string, unknown>): ReadWithKey | undefined {
  if (!endpoint.readWithKey) return undefined;
  const parsed = endpoint.params ? endpoint.params.safeParse(params) : { success: true as const, data: params };
  return parsed.success ? endpoint.readWithKey(parsed.data) : undefined;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((req: Request, ctx: RouteContext) => Promise<Response>) & { endpoint: AnyEndpoint; service: Service };

export type RouteOptions = {
  /** Runs before anything else and may answer instead: sign-up's count per address (lib/app/throttle-response.ts). */
  before?: (req: Request) => Promise<Response | null>;
};

/** Turns an endpoint into a Next.js route handler with the service's admission (./admit.ts), pipeline and errors. */
export function routeHandler(service: Service, endpoint: AnyEndpoint, options: RouteOptions = {}): RouteHandler {
  const handler = async (req: Request, ctx: RouteContext): Promise<Response> => {
    const early = await options.before?.(req);
    if (early) return early;
    const params = await ctx.params;
    const admitted = await admit(req, service, {
      isPublic: endpoint.isPublic,
      addressLimit: endpoint.addressLimit,
      readWithKey: readWithKey(endpoint, params),
    });
    if (admitted instanceof Response) return admitted;
    const { requestId, db, caller, prefetched, limitHeaders } = admitted;
    const result = await runEndpoint(
      service,
      endpoint,
      {
        params,
        query: queryObject(new URL(req.url)),
        body: bodyReader(service, endpoint, req),
        ifMatch: req.headers.get("if-match"),
        ifNoneMatch: req.headers.get("if-none-match"),
        editSession: req.headers.get("x-edit-session"),
        accept: endpoint.csv ? req.headers.get("accept") : undefined,
      },
      { db, caller, requestId, via: caller?.via === "session" ? "browser" : "api", prefetched, client: requestClient(req) },
    );
    if (result.body instanceof FileAnswer || result.body instanceof FileStream)
      return fileResponse(result.status, result.body, requestId, limitHeaders);
    if (result.body instanceof JsonText || result.body instanceof NotModified) {
      return prebuilt(result.status, result.body, requestId, limitHeaders);
    }
    // A budget an endpoint counts itself (an address's account mails) is refused with its own Retry-After.
    const headers = !result.ok && result.error instanceof RateLimitedError ? { ...limitHeaders, ...result.error.headers } : limitHeaders;
    return jsonResponse(result.status, result.body, requestId, headers);
  };
  return Object.assign(handler, { endpoint, service });
}
