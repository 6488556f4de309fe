export type ApiIssue = { path: string; message: string };

/**
 * A failed API call, the same for both services: the course-authoring shape
 * `{error: string, code, details?: {issues?}}` and the proposals shape
 * `{error: {code, message, issues?}}` both end up here, so forms show `message` and `issues`
 * whichever service answered. `status` 0 means the server was not reached.
 */
export class ApiClientError extends Error {
  readonly name = "ApiClientError";

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly issues: ApiIssue[] = [],
    /** The course-authoring service's `details` (e.g. which parent is in the trash). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function issuesOf(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((issue) => ({ path: typeof issue.path === "string" ? issue.path : "", message: String(issue.message ?? "") }));
}

/** Reads an error response body of either service (or none) into one error. */
export function toApiError(status: number, body: unknown): ApiClientError {
  const fallback = `Request failed (${status})`;
  if (isRecord(body) && isRecord(body.error)) {
    // Proposals: {error: {code, message, issues?}}
    const { code, message, issues } = body.error;
    return new ApiClientError(
      status,
      typeof message === "string" && message ? message : fallback,
      typeof code === "string" ? code : undefined,
      issuesOf(issues),
    );
  }
  if (isRecord(body) && typeof body.error === "string") {
    // Course authoring: {error, code, details?: {issues?}}
    const details = isRecord(body.details) ? body.details : undefined;
    return new ApiClientError(
      status,
      body.error || fallback,
      typeof body.code === "string" ? body.code : undefined,
      issuesOf(details?.issues),
      details,
    );
  }
  return new ApiClientError(status, fallback);
}

export type FetchInit = RequestInit & { json?: unknown };

/** Calls the app's API (`/api/...`) from the browser with the session cookie. */
export async function appFetch<T>(path: string, init: FetchInit = {}): Promise<T> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...rest,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...rest.headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiClientError(0, "Could not reach the server. Check your connection and try again.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

/** Calls the course-authoring API (`/api/authoring/...`). */
export const authoringFetch = <T>(path: string, init: FetchInit = {}) => appFetch<T>(`/authoring${path}`, init);

/** Calls the proposals API (`/api/proposals/...`). */
export const proposalsFetch = <T>(path: string, init: FetchInit = {}) => appFetch<T>(`/proposals${path}`, init);
