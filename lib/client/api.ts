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

let tabSession: string | undefined;

// getRandomValues, unlike randomUUID, works on plain-http hosts too.
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * This browser tab's editing session: a random id kept for the tab's life (a reload keeps it), sent
 * with every request as X-Edit-Session so the server can tell this tab's saves from those of
 * another tab or author ("Also being edited by…" in the lesson editor).
 */
export function editSessionId(): string {
  if (tabSession) return tabSession;
  try {
    tabSession = sessionStorage.getItem("edit-session") ?? undefined;
    if (!tabSession) sessionStorage.setItem("edit-session", (tabSession = randomId()));
  } catch {
    // No storage (private mode, a sandbox): the id lasts as long as the page.
    tabSession ??= randomId();
  }
  return tabSession;
}

/** Calls the app's API (`/api/...`) from the browser with the session cookie. */
export async function appFetch<T>(path: string, init: FetchInit = {}): Promise<T> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...rest,
      headers: {
        "x-edit-session": editSessionId(),
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
        ...rest.headers,
      },
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
