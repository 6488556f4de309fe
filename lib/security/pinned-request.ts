import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

/**
 * One outbound HTTP request to an address already vetted (lib/files/fetch-url.ts,
 * `vetRequestTarget`): the app's downloads and its webhook deliveries both go out through here.
 *
 * - `lookup` pins the connection to the vetted address, never a fresh DNS answer (no rebinding
 *   gap); the URL's hostname stays the Host header and the TLS server name.
 * - No pooled sockets: a kept-alive connection vetted under one call's rules must not serve
 *   another call with stricter ones.
 * - `signal` ends it, connection, answer and all.
 *
 * Answers the response once its head has arrived; the caller reads (or destroys) its body.
 */
export function pinnedRequest(
  url: URL,
  {
    method,
    headers,
    body,
    lookup,
    signal,
  }: { method: "GET" | "POST"; headers: http.OutgoingHttpHeaders; body?: string; lookup: LookupFunction; signal: AbortSignal },
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, { method, headers, agent: false, lookup, signal });
    request.on("error", reject);
    request.on("response", resolve);
    request.end(body);
  });
}
