import { AppError } from "./errors";

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

export function payloadTooLarge(limit: number) {
  return new AppError("payload_too_large", `Request body is larger than ${megabytes(limit)}`);
}

/**
 * Reads a request's body up to `limit` bytes, counting while it streams: a declared length over
 * the limit is refused before reading, and a chunked body is cancelled at the limit, so an
 * oversized body never sits in memory whole.
 */
export async function readBodyCapped(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) throw payloadTooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: a client that keeps sending must not hold the answer back.
      void reader.cancel().catch(() => {});
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The same request with its body already read (for code that reads the body itself: next-auth, the MCP transport). */
export function withBody(req: Request, body: Uint8Array<ArrayBuffer>): Request {
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(req.url, { method: req.method, headers: req.headers, body: hasBody ? body : undefined, signal: req.signal });
}
