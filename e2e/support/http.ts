// HTTP as the API specs' clients speak it: one request whose whole exchange, body included, ends
// within a time limit.
//
// `fetch` with `AbortSignal.timeout` alone is not bounded: an abort that lands while the body is
// being read can leave `res.text()` pending for ever (nodejs/node#56917), and a signal collected
// before it fires never aborts (nodejs/undici#4068). A two-instance test once ran out its four
// minutes that way with nothing said. Here a plain timer settles the exchange, naming the request.

export type HttpAnswer = { status: number; headers: Headers; text: string };

/** Answers the response with its whole body, or throws naming the request once `timeoutMs` has passed. */
export async function request(url: string, init: RequestInit = {}, timeoutMs = 30_000): Promise<HttpAnswer> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`No full answer to ${init.method ?? "GET"} ${url} within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const exchange = (async () => {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { status: res.status, headers: res.headers, text: await res.text() };
  })();
  // The losing side's rejection is expected: it must not surface as an unhandled one.
  exchange.catch(() => {});
  try {
    return await Promise.race([exchange, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The body as JSON, or the text itself when it is not JSON (for failure messages). */
export function jsonOf(text: string): any {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A request with a JSON body (when given), answered as status and parsed body. */
export async function requestJson(
  url: string,
  {
    method = "GET",
    body,
    headers = {},
    timeoutMs,
  }: { method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const answer = await request(
    url,
    {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    timeoutMs,
  );
  return { status: answer.status, body: jsonOf(answer.text), headers: answer.headers };
}
