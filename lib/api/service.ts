import type { z } from "zod";
import type { AnyEndpoint } from "./endpoint";
import { ERROR_STATUS, type AppError, type ErrorCode } from "./errors";

/** How one service answers one internal error code: its status and the code its clients see. */
export type ServiceErrorCode = { status: number; code: string };

/**
 * What differs between the services the app serves: their error shape and codes, the body kinds
 * and sizes they accept, and how their reference describes them. Routes, agent tools and the
 * OpenAPI document all read it, so a second service is declared, not wired by hand.
 */
export type Service = {
  name: string;
  /** Where its paths start on the app's origin: `/api/authoring`. */
  basePath: string;
  /** Every internal code, mapped: nothing the domain throws reaches a client unmapped. */
  errorCodes: Record<ErrorCode, ServiceErrorCode>;
  /** Writes an error in the service's shape, with the code already mapped. */
  writeError: (error: AppError, code: string) => unknown;
  /** The shape `writeError` produces, for the OpenAPI document. */
  errorSchema: z.ZodType;
  /** Largest body accepted, per kind; a multipart body is only accepted where an endpoint says so. */
  bodyLimits: { json: number; multipart?: number };
  openapi: { title: string; version: string; description: string; tags?: { name: string; description: string }[] };
};

/** The code map of a service that answers internal codes as they are. */
export const identityCodes = (): Record<ErrorCode, ServiceErrorCode> =>
  Object.fromEntries(Object.entries(ERROR_STATUS).map(([code, status]) => [code, { status, code }])) as Record<ErrorCode, ServiceErrorCode>;

export function serviceError(service: Service, error: AppError): { status: number; body: unknown } {
  const { status, code } = service.errorCodes[error.code];
  return { status, body: service.writeError(error, code) };
}

/**
 * The internal codes an endpoint can answer, derived from its shape: 401 unless it is public,
 * 404 when its path names something (or it loads a resource), 400 when it reads a query or a body,
 * 429 when it needs a key (keys are rate-limited) or declares a limit per address, 503 always (the
 * database may be unavailable), an edit conflict when it accepts If-Match, a suggest-only key's
 * refusal on a write that is not a suggestion; plus what it declares.
 */
export function errorCodesOf(endpoint: AnyEndpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>(["not_configured"]);
  if (!endpoint.isPublic) codes.add("unauthorized");
  if (!endpoint.isPublic || endpoint.addressLimit) codes.add("rate_limited");
  if (endpoint.path.includes("{") || endpoint.load) codes.add("not_found");
  if (endpoint.query || endpoint.body) codes.add("validation_error");
  if (endpoint.body && (endpoint.bodyKind ?? "json") === "json") codes.add("invalid_json");
  if (endpoint.body) codes.add("payload_too_large");
  if (endpoint.ifMatch) codes.add("edit_conflict");
  if (!endpoint.isPublic && endpoint.method !== "GET" && !endpoint.isSuggestion) codes.add("forbidden_scope");
  for (const code of endpoint.errors ?? []) codes.add(code);
  return [...codes];
}

/** The same, as this service answers them: status -> the codes its clients can see there. */
export function errorsByStatus(service: Service, endpoint: AnyEndpoint): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const internal of errorCodesOf(endpoint)) {
    const { status, code } = service.errorCodes[internal];
    const codes = out.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    out.set(status, codes);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}
