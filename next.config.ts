import type { NextConfig } from "next";

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
        ],
      },
    ];
  },
};

export default nextConfig;
