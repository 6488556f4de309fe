// The production server's command line and environment, wherever it is started (npm start, the
// browser tests' servers, the benchmark): what is tested and measured is what runs.

/**
 * `next start` on a port (and host). Idle connections stay open longer than a client or proxy
 * keeps them: with Node's default of 5 s, a request sent just as the server closes the connection
 * fails with ECONNRESET.
 */
export function nextStartArgs(port, host) {
  return ["node_modules/next/dist/bin/next", "start", "-p", String(port), ...(host ? ["-H", host] : []), "--keepAliveTimeout", "75000"];
}

/**
 * The server's environment: production, and a JavaScript heap limit (SERVER_HEAP_MB, 384 MB by
 * default). Without one, V8 sizes the heap from the machine's memory and lets garbage pile up:
 * the benchmark saw 700-800 MB of resident memory under load, ~400 MB with the limit
 * (bench/README.md). A --max-old-space-size already in NODE_OPTIONS is left as it is.
 */
export function serverEnv(env) {
  const options = env.NODE_OPTIONS ?? "";
  const heap = /--max-old-space-size/.test(options) ? "" : `--max-old-space-size=${env.SERVER_HEAP_MB || 384}`;
  return { ...env, NODE_ENV: "production", NODE_OPTIONS: `${options} ${heap}`.trim() };
}
