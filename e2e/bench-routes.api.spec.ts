/**
 * The benchmark's floor routes (bench/README.md) are `route.bench.ts` files: routes only in a build
 * made with BENCH_ROUTES=1, the benchmark's own (next.config.ts). The build every deployment runs,
 * which Playwright's server runs, has no /api/bench at all. scripts/e2e-server.mjs makes both
 * builds; the benchmark's runs here on a server of this file's own (port E2E_PORT+40), started
 * without BENCH_ROUTES: what has the routes is the build, not how the server is started.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { benchDistDir } from "../scripts/ensure-build.mjs";
import { AppProcess, freshAppData, type AppData } from "./app-process";
import { signInViaApi, signUpViaApi } from "./helpers";

const PORT = Number(process.env.E2E_PORT || 3100) + 40;
/** The build Playwright's server runs, and the benchmark's build beside it. */
const BUILD = process.env.NEXT_DIST_DIR || ".next";
const BENCH_BUILD = benchDistDir(BUILD);
const FLOORS = ["/api/bench/noop", "/api/bench/auth", "/api/bench/auth-limit"];
const UNKNOWN_KEY = { authorization: `Bearer cak_${"0".repeat(43)}` };
/** Requests a key may make per window on the benchmark's server here: few, to see which floor counts them. */
const BUDGET = 3;

/** The routes a build serves, from its manifest: `/api/bench/noop/route`, … */
const routesOf = (distDir: string): string[] =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")));

test("[BENCH] a production build has no framework-floor routes: every one answers 404, whatever the method", async ({ request }) => {
  expect(routesOf(BUILD).filter((route) => route.startsWith("/api/bench"))).toEqual([]);
  for (const floor of FLOORS) {
    const res = await request.get(floor, { headers: UNKNOWN_KEY });
    expect(res.status(), floor).toBe(404);
    expect(await res.text(), floor).not.toContain("user_id");
  }
  const post = await request.post("/api/bench/auth", { headers: UNKNOWN_KEY, data: { answers: [] } });
  expect(post.status()).toBe(404);
  expect(await post.text()).not.toContain("user_id");
});

test.describe("[BENCH] the benchmark's build", () => {
  let data: AppData;
  let app: AppProcess;
  let client: APIRequestContext;

  test.beforeAll(async () => {
    // A production server's start (migrations included) takes longer than a test's 60 s on a busy
    // machine; a CI run once spent more than 120 s here, beside the crash and two-instance specs.
    // Each step's time is printed, so a slow one names itself.
    test.setTimeout(240_000);
    const began = Date.now();
    data = await freshAppData("bench-routes");
    console.log(`[bench-routes] fresh ${data.kind} data in ${Date.now() - began} ms`);
    app = new AppProcess(data, PORT, { NEXT_DIST_DIR: BENCH_BUILD, BENCH_ROUTES: "", API_RATE_LIMIT: String(BUDGET) });
    console.log(`[bench-routes] server healthy in ${await app.start(180_000)} ms`);
    client = await playwrightRequest.newContext({ baseURL: app.url });
  });

  test.afterAll(async () => {
    await client?.dispose();
    await app?.kill();
    await data?.remove();
  });

  test("serves the floors: no work, the key lookup alone, and the whole admission, which counts the key's budget", async ({
    playwright,
  }) => {
    expect(
      routesOf(BENCH_BUILD)
        .filter((route) => route.startsWith("/api/bench"))
        .sort(),
    ).toEqual(["/api/bench/auth-limit/route", "/api/bench/auth/route", "/api/bench/noop/route"]);
    const noop = await client.get("/api/bench/noop");
    expect(noop.status()).toBe(200);
    expect(await noop.json()).toEqual({ ok: true });

    // A key that names nothing is refused as the app refuses it, in its shape, with a request id.
    for (const floor of ["/api/bench/auth", "/api/bench/auth-limit"]) {
      const refused = await client.get(floor, { headers: UNKNOWN_KEY });
      expect(refused.status(), floor).toBe(401);
      expect(await refused.json(), floor).toEqual({ error: "Invalid API key", code: "unauthorized" });
      expect(refused.headers()["x-request-id"], floor).toMatch(/^[0-9a-f-]{36}$/);
    }

    // A key made in a signed-in browser session, as keys are.
    const user = await signUpViaApi(client);
    const browser = await playwright.request.newContext({ baseURL: app.url });
    await signInViaApi(browser, user);
    const created = await browser.post("/api/authoring/api-keys", { data: { name: "bench" }, headers: { origin: app.url } });
    expect(created.status()).toBe(201);
    const key = { authorization: `Bearer ${(await created.json()).key}` };
    await browser.dispose();

    const lookup = await client.get("/api/bench/auth", { headers: key });
    expect(lookup.status()).toBe(200);
    expect(await lookup.json()).toEqual({ user_id: user.id });
    const write = await client.post("/api/bench/auth", { headers: key, data: { answers: [], note: "x" } });
    expect(write.status()).toBe(200);
    expect(await write.json()).toEqual({ user_id: user.id, fields: 2 });

    // The whole admission counts the key's requests: past its budget, 429 in the app's shape. The lookup alone counts none.
    for (let i = 0; i < BUDGET; i++) {
      const admitted = await client.get("/api/bench/auth-limit", { headers: key });
      expect(admitted.status(), `request ${i + 1}`).toBe(200);
      expect(await admitted.json()).toEqual({ user_id: user.id });
    }
    const spent = await client.get("/api/bench/auth-limit", { headers: key });
    expect(spent.status()).toBe(429);
    expect(await spent.json()).toEqual({ error: expect.stringMatching(/^Too many requests/), code: "rate_limited" });
    expect(Number(spent.headers()["retry-after"])).toBeGreaterThan(0);
    expect((await client.get("/api/bench/auth", { headers: key })).status()).toBe(200);
  });
});
