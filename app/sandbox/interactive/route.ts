/**
 * The document an interactive HTML block runs in. The page that shows the block frames this route
 * and posts the author's HTML to it; the loader writes it into the frame. It is a route of its own
 * because a frame built from `srcdoc` inherits the page's Content-Security-Policy, whose scripts
 * are limited to the page's nonce: here the author's scripts may run, and only here.
 *
 * The response's own policy sandboxes the document (`sandbox allow-scripts`, no same-origin) even
 * when it is opened outside a frame: whatever it runs gets an opaque origin, so it can never read
 * the app's cookies, storage or pages, nor call the API as the user.
 */
const LOADER = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"></head>
<body><script>
addEventListener("message", function (event) {
  if (event.source !== parent || parent === window || !event.data || typeof event.data.interactiveHtml !== "string") return;
  document.open();
  document.write(event.data.interactiveHtml);
  document.close();
});
if (parent !== window) parent.postMessage({ interactiveReady: true }, "*");
</script></body></html>`;

const INTERACTIVE_FRAME_POLICY = [
  "sandbox allow-scripts",
  "default-src 'self' data: blob: https:",
  "script-src 'unsafe-inline' 'unsafe-eval' data: blob: https:",
  "style-src 'unsafe-inline' data: blob: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

export function GET() {
  return new Response(LOADER, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": INTERACTIVE_FRAME_POLICY,
      "cache-control": "public, max-age=3600",
    },
  });
}
