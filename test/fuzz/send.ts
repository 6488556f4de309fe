/**
 * One HTTP request on a connection of its own. A server may answer an oversized body before
 * reading it (413) and drop the rest; a pooled connection left in that state would fail the next
 * request with a reset that has nothing to do with the input under test.
 */
import http from "node:http";
import type { ApiResponse } from "../api-client";

export function sendOnce(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: init.method, headers: init.headers, agent: false }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("error", reject);
      res.on("end", () => {
        req.destroy();
        const text = Buffer.concat(parts).toString();
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // Not JSON: the test sees the text.
        }
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers)) if (typeof value === "string") headers.set(key, value);
        resolve({ status: res.statusCode ?? 0, body, headers });
      });
    });
    // Once answered, a refused upload may be cut off: that is the server's right, not a failure.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (init.body !== undefined) req.end(init.body);
    else req.end();
  });
}
