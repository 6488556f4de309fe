/** A small HTTP client for integration tests: real requests, parsed JSON. */
export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

/** `defaults`: headers sent with every request (a session cookie and the page's origin). */
export function apiClient(baseUrl: string, key?: string, defaults: Record<string, string> = {}) {
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...defaults,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the test sees the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers } satisfies ApiResponse<T>;
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>("GET", path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>("POST", path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>("PATCH", path, body, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>("PUT", path, body, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => call<T>("DELETE", path, undefined, headers),
    /** Any method, e.g. a DELETE with a body. */
    request: call,
  };
}
