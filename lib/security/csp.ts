/**
 * The Content-Security-Policy of every answer (docs/reliability.md, "Browser protections").
 *
 * Pages run only the scripts the server wrote into them: `script-src` names this response's nonce,
 * and `'strict-dynamic'` lets those scripts load the app's own chunks (Mermaid is one, fetched only
 * when a diagram is shown). Markdown, SVG, diagrams, titles and proposal text are rendered as data,
 * so nothing an author, a sales person or a recipient typed can run here. Interactive HTML blocks
 * run their author's scripts in a frame of their own (app/sandbox/interactive), sandboxed by its
 * own policy.
 *
 * Images may come from any https host: authors and sales staff link them from other sites (allowed
 * on purpose). Styles may be inline: React style attributes and Mermaid's generated <style>.
 */
const BASE = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "frame-src 'self' https://www.youtube-nocookie.com",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
];

/** For a page: scripts only with this response's nonce (and, in development, what Next's dev tooling evaluates). */
export function pagePolicy(nonce: string, development = process.env.NODE_ENV === "development"): string {
  const scripts = `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`;
  return [...BASE, scripts].join("; ");
}

/** For API answers: nothing in them is a script of the app's. */
export const NO_SCRIPT_POLICY = [...BASE, "script-src 'none'"].join("; ");

/**
 * For a hosted file (/api/files/{uuid}), even opened on its own: it runs nothing, loads nothing
 * from elsewhere, submits nothing and frames nothing (an image shows, its viewer styles itself).
 * Sent by the route and by next.config.ts, which would otherwise put the API policy over it.
 */
export const SERVED_FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** A fresh unguessable nonce (128 bits), base64 as CSP expects. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
