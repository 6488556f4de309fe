import type { NextConfig } from "next";
import { NO_SCRIPT_POLICY, SERVED_FILE_POLICY } from "./lib/security/csp";

/** The app uses none of these; embedded content gets none either. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), interest-cohort=()";

const nextConfig: NextConfig = {
  // Several builds side by side (parallel test runs) each need their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The benchmark's floor routes (app/api/bench/*/route.bench.ts, pages/api/bench/*.bench.mts) are
  // routes only in a build made with BENCH_ROUTES=1, the benchmark's own (bench/README.md): every
  // other build has no /api/bench. Under pages/ every file with a page extension is a route, so the
  // Pages Router's floor ends in .mts, which no other build reads.
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(process.env.BENCH_ROUTES === "1" ? ["bench.ts", "bench.mts"] : [])],
  // Native code and WebAssembly are loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "@node-rs/argon2",
  ],
  poweredByHeader: false,
  // No ETag computed over each page's HTML: every page carries its request's CSP nonce, so no two
  // answers are alike and no If-None-Match could ever match; the hash was 13 % of the server's
  // time for a 100-line proposal's page (bench/README.md, 28 November, later). The API's own
  // ETags (lib/api/prebuilt.ts) are the app's; files under public/ still answer If-Modified-Since.
  generateEtags: false,
  // Readable server code for a CPU profile (npm run bench:profile with NEXT_SERVER_MINIFY=0).
  experimental: {
    serverMinification: process.env.NEXT_SERVER_MINIFY !== "0",
    // Turbopack's build cache makes a second build of changed sources twice as fast here (27 s
    // against 59 s); CI builds once in a fresh clone, where writing it cost 23 s for nothing.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
  },
  // `npm test` and CI type-check the whole project (tests included) with tsc first; the build
  // does not repeat it, so work in progress in a test file never blocks starting the app.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
          { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
        ],
      },
      {
        // Pages get a policy with a script nonce per request (proxy.ts); the interactive-block
        // sandbox its own (app/sandbox). API answers run no script of the app's.
        source: "/api/:path((?!files(?:/|$)).*)",
        headers: [{ key: "Content-Security-Policy", value: NO_SCRIPT_POLICY }],
      },
      {
        // A served file keeps the route's own, stricter policy (a header here replaces the route's).
        source: "/api/files/:path*",
        headers: [{ key: "Content-Security-Policy", value: SERVED_FILE_POLICY }],
      },
      {
        // The recipient page's script (decision 049): its name changes with its content, so a
        // returning customer's browser keeps it without asking again.
        source: "/recipient/:file(recipient-[0-9a-f]{16}\\.js)",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
      {
        // HSTS only where the app is reached over https (a proxy in front says so); on plain http
        // a browser ignores it anyway, and it would pin a development host to https.
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }],
      },
    ];
  },
};

export default nextConfig;
