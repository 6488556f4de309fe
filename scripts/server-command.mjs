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
 * The server's environment: production, and V8's heap sized for a server (bench/README.md):
 * - a limit on the old generation (SERVER_HEAP_MB, 336 MB by default). Without one, V8 sizes the
 *   heap from the machine's memory and lets garbage pile up: the benchmark saw 700-800 MB of
 *   resident memory under load, ~400 MB with the limit.
 * - semi-spaces of 32 MB (SERVER_SEMI_SPACE_MB) where V8's default is 16: a request's objects
 *   mostly die young, and with 16 connections in flight a small young generation is collected so
 *   often that what is still in use is copied again and again and promoted early. 3 to 11 % less
 *   CPU a request, alternating runs of the same workloads. The young generation is three
 *   semi-spaces, so the 48 MB more it may take came off the old generation's default (384 before):
 *   the same 432 MB in all, and the same peak RSS.
 * - two malloc arenas (glibc's MALLOC_ARENA_MAX), where glibc makes up to eight a core for the
 *   process's threads (libuv's pool, V8's helpers) and memory freed in one is not reused by
 *   another: 34 to 48 MB less resident memory, and no more CPU, in alternating runs.
 * A --max-old-space-size or --max-semi-space-size already in NODE_OPTIONS, or a MALLOC_ARENA_MAX in
 * the environment, is left as it is.
 */
export function serverEnv(env) {
  const options = env.NODE_OPTIONS ?? "";
  const heap = /--max-old-space-size/.test(options) ? "" : `--max-old-space-size=${env.SERVER_HEAP_MB || 336}`;
  const young = /--max-semi-space-size/.test(options) ? "" : `--max-semi-space-size=${env.SERVER_SEMI_SPACE_MB || 32}`;
  return {
    ...env,
    NODE_ENV: "production",
    NODE_OPTIONS: [options, heap, young].filter(Boolean).join(" "),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2",
  };
}
