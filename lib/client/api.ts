import createClient, { type FetchResponse, type Middleware } from "openapi-fetch";
import type { paths as AppPaths } from "./schema/app";
import type { paths as AuthoringPaths } from "./schema/authoring";
import type { paths as ProposalsPaths } from "./schema/proposals";

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

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/** Every request carries the tab's session; a request that never reached the server fails as status 0. */
const session: Middleware = {
  onRequest: ({ request }) => {
    request.headers.set("x-edit-session", editSessionId());
  },
  onError: () => new ApiClientError(0, UNREACHABLE),
};

/**
 * openapi-fetch builds a Request from the base path: resolved against the page, as fetch would
 * resolve it (Node, in the tests, has no page: http://localhost there).
 */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, globalThis.location?.href ?? "http://localhost/") : input, init);
  }
}

/** The statuses of a success (each endpoint has one). */
export type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/**
 * The JSON an operation answers on success, as the document describes it (undefined when it has
 * no body). Read from the operation itself rather than openapi-fetch's `data`, whose `Readable`
 * drops properties whose type is `null` alone (the outline's `blocks: null`).
 */
type Answer<Op> = Op extends { responses: infer R }
  ? R[Extract<keyof R, SuccessStatus>] extends { content: { "application/json": infer T } }
    ? T
    : undefined
  : never;

type DataOf<R> = R extends FetchResponse<infer Op, infer _Init, infer _Media> ? Answer<Op> : never;

/** The answer's body on success (undefined for a 204); a failure is thrown as an ApiClientError. */
async function dataOf<R extends { data?: unknown; error?: unknown; response: Response }>(pending: Promise<R>): Promise<DataOf<R>> {
  const { data, error, response } = await pending;
  if (!response.ok) throw toApiError(response.status, error);
  return data as DataOf<R>;
}

/** One method of a client, answering its data or throwing, with the method's own typing kept. */
const throwing =
  <A extends unknown[], R extends { data?: unknown; error?: unknown; response: Response }>(method: (...args: A) => Promise<R>) =>
  (...args: A): Promise<DataOf<R>> =>
    dataOf(method(...args));

/**
 * A client of one service, typed by its OpenAPI document (./schema, `npm run api:types`):
 * `await authoringApi.GET("/courses/{courseId}", { params: { path: { courseId } } })` answers the
 * course as the document describes it, or throws an ApiClientError.
 */
function serviceClient<Paths extends object>(baseUrl: string) {
  // fetch is looked up on each call, not once: whatever the page (or a test) has installed by then.
  const client = createClient<Paths>({ baseUrl, Request: PageRequest, fetch: (request) => globalThis.fetch(request) });
  client.use(session);
  return {
    GET: throwing(client.GET),
    POST: throwing(client.POST),
    PUT: throwing(client.PUT),
    PATCH: throwing(client.PATCH),
    DELETE: throwing(client.DELETE),
  };
}

/**
 * A multipart body (file uploads), for an endpoint whose document says multipart/form-data:
 * `POST("/v1/attachments", { body: { file, company_id }, bodySerializer: formData })`. The browser
 * sets the content type with its boundary.
 */
export function formData(body: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, value);
  return form;
}

/** The app's own endpoints (`/api/...`): sign-up, workspaces and members, learning, results, history. */
export const appApi = serviceClient<AppPaths>("/api");

/** The course-authoring service (`/api/authoring/...`). */
export const authoringApi = serviceClient<AuthoringPaths>("/api/authoring");

/** The proposals service (`/api/proposals/...`). */
export const proposalsApi = serviceClient<ProposalsPaths>("/api/proposals");

/**
 * Where a proposal's PDF downloads (GET /api/proposals/v3/proposals/{uuid}/pdf, with the session):
 * a link for the browser to save, not a call, since the answer is a file.
 */
export const proposalPdfUrl = (uuid: string) => `/api/proposals/v3/proposals/${encodeURIComponent(uuid)}/pdf`;
