/**
 * The benchmark's floor routes (bench/README.md) are `route.bench.ts` files: routes only in a build
 * made with BENCH_ROUTES=1, the benchmark's own (next.config.ts). The build every deployment runs,
 * which Playwright's server runs, has no /api/bench at all: this file checks that. The benchmark's
 * build checks its own floors where it is made, before `npm run bench` measures anything
 * (bench/floor-routes-check.mjs).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** The build Playwright's server runs. */
const BUILD = process.env.NEXT_DIST_DIR || ".next";
const FLOORS = ["/api/bench/noop", "/api/bench/auth", "/api/bench/auth-limit", "/api/bench/pages-auth"];
const UNKNOWN_KEY = { authorization: `Bearer cak_${"0".repeat(43)}` };

/** The routes a build serves, from its manifest: `/api/bench/noop/route`, … */
const routesOf = (distDir: string): string[] =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")));
/** The Pages Router's routes of a build: `/p/[uuid]`, … */
const pagesOf = (distDir: string): string[] =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(distDir, "server", "pages-manifest.json"), "utf8")));

test("[BENCH] a production build has no framework-floor routes: every one answers 404, whatever the method", async ({ request }) => {
  expect(routesOf(BUILD).filter((route) => route.startsWith("/api/bench"))).toEqual([]);
  expect(pagesOf(BUILD).filter((route) => route.startsWith("/api/bench"))).toEqual([]);
  for (const floor of FLOORS) {
    const res = await request.get(floor, { headers: UNKNOWN_KEY });
    expect(res.status(), floor).toBe(404);
    expect(await res.text(), floor).not.toContain("user_id");
  }
  for (const floor of ["/api/bench/auth", "/api/bench/pages-auth"]) {
    const post = await request.post(floor, { headers: UNKNOWN_KEY, data: { answers: [] } });
    expect(post.status(), floor).toBe(404);
    expect(await post.text(), floor).not.toContain("user_id");
  }
});
