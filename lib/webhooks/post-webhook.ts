import type http from "node:http";
import { FetchRefused, vetRequestTarget } from "@/lib/files/fetch-url";
import { pinnedRequest } from "@/lib/security/pinned-request";
import { signWebhook } from "./signature";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is read: enough for an error message, never a huge body. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 4 * 1024;

export type PostOutcome = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null };

export type PostOptions = { timeoutMs?: number; allowPrivate?: boolean; now?: () => number };

/**
 * POSTs one delivery: the stored body as it is, signed, to a vetted address (the image
 * downloads' rules, lib/files/fetch-url.ts). A redirect is not followed (it is a failure), the
 * answer's body is read up to a few KB, and the whole attempt ends after 10 s.
 */
export async function postWebhook(
  url: string,
  secret: string,
  eventId: string,
  body: string,
  options: PostOptions = {},
): Promise<PostOutcome> {
  const started = Date.now();
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const done = (statusCode: number | null, error: string | null): PostOutcome => ({
    ok: error === null,
    statusCode,
    durationMs: Date.now() - started,
    error,
  });
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return done(null, "Only http and https URLs are called");
    const { lookup } = await vetRequestTarget(parsed, { allowPrivate: options.allowPrivate, signal: controller.signal });
    const timestamp = Math.floor((options.now?.() ?? Date.now()) / 1000);
    const response = await pinnedRequest(parsed, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "Coursewright-Webhooks/1",
        "Coursewright-Signature": signWebhook(secret, body, timestamp),
        "Coursewright-Event-Id": eventId,
      },
      body,
      lookup,
      signal: controller.signal,
    });
    const statusCode = response.statusCode ?? 0;
    await readSome(response, WEBHOOK_MAX_RESPONSE_BYTES);
    if (statusCode >= 200 && statusCode < 300) return done(statusCode, null);
    if (statusCode >= 300 && statusCode < 400) return done(statusCode, `Redirected (${statusCode}); redirects are not followed`);
    return done(statusCode, `The endpoint answered ${statusCode}`);
  } catch (error) {
    if (controller.signal.aborted) return done(null, `No answer within ${Math.round(timeoutMs / 1000)} s`);
    if (error instanceof FetchRefused) return done(null, error.message);
    return done(null, `The request failed: ${(error as Error).message ?? String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a little of an answer (so the socket closes cleanly), never the whole of a huge one. */
function readSome(response: http.IncomingMessage, maxBytes: number): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    response.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read >= maxBytes) {
        response.destroy();
        resolve();
      }
    });
    response.on("end", resolve);
    response.on("error", () => resolve());
    response.on("close", resolve);
  });
}
