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

export type Answer = { status: number; body: any };

/** An API key's client of one server: `prefix` (e.g. `/api/proposals`) comes before every path. */
export class KeyApi {
  constructor(
    readonly origin: string,
    private readonly key: string,
    private readonly prefix = "",
  ) {}

  /** One request; throws when no answer arrives (the server died with it in flight, or was dead). */
  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await requestJson(`${this.origin}${this.prefix}${path}`, {
      method,
      body,
      headers: { authorization: `Bearer ${this.key}` },
    });
    return { status: answer.status, body: answer.body };
  }

  /** A request that must succeed (set-up and reads): answers its body. */
  async ok(method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.send(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** A multipart POST that must succeed: answers its body. */
  async upload(path: string, fields: Record<string, string | Blob>): Promise<any> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const answer = await request(`${this.origin}${this.prefix}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.key}` },
      body: form,
    });
    if (answer.status < 200 || answer.status > 299) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    return jsonOf(answer.text);
  }

  /** The same key on another server (a second instance). */
  on(origin: string) {
    return new KeyApi(origin, this.key, this.prefix);
  }
}
