import type { NextConfig } from "next";

/**
 * What pages may load and where they may be framed. Scripts are not restricted yet: the
 * interactive HTML block runs its author's scripts in a sandboxed srcdoc frame, which inherits
 * this policy, so a nonce-based script-src needs that frame on a route of its own first
 * (docs/reliability.md). Images may come from any https host: authors and sales staff link them.
 */
const CONTENT_SECURITY_POLICY = [
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "frame-src 'self' https://www.youtube-nocookie.com",
  "img-src 'self' data: blob: https:",
  "worker-src 'self' blob:",
].join("; ");

/** The app uses none of these; embedded content gets none either. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), interest-cohort=()";

const nextConfig: NextConfig = {
  // Several builds side by side (parallel test runs) each need their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
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
          { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
          { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
        ],
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
