/** A failed API call, carrying the service's error body so forms can show it. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: { issues?: { path: string; message: string }[] } & Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Calls the app's API (`/api/...`) from the browser with the session cookie. */
export async function appFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiClientError(response.status, body?.error ?? `Request failed (${response.status})`, body?.code, body?.details);
  }
  return body as T;
}

/** Calls the course-authoring API (`/api/authoring/...`). */
export const authoringFetch = <T>(path: string, init: RequestInit & { json?: unknown } = {}) => appFetch<T>(`/authoring${path}`, init);
