// The framework floors' own check: `npm run bench` runs it on its build before measuring anything,
// and it runs alone as `node bench/floor-routes-check.mjs`. The benchmark's build (BENCH_ROUTES=1,
// bench/README.md, "Floors") must serve /api/bench/noop, /auth and /auth-limit (App Router route
// handlers) and /api/bench/pages-auth (a Pages Router API route) as the app admits a request: a
// key that names nothing refused in the app's shape, the key's user answered, and the whole
// admission counting the key's budget. It starts a server of its own on a fresh embedded
// database, without BENCH_ROUTES (what has the routes is the build, not how the server is started),
// and throws at the first answer that differs. That a production build has none of these routes is
// e2e/platform/bench-routes.api.spec.ts's, on the build every other spec runs.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBenchBuild, signUpOwner, startApp } from "./app.mjs";
import { request } from "./load.mjs";

const UNKNOWN_KEY = { authorization: `Bearer cak_${"0".repeat(43)}` };
/** Requests a key may make per window on this check's server: few, to see which floor counts them. */
const BUDGET = 3;

/** The routes a build serves, from its manifest: `/api/bench/noop/route`, … */
const routesOf = (distDir) => Object.keys(JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")));
/** The Pages Router's routes of a build: `/api/bench/pages-auth`, `/p/[uuid]`, … */
const pagesOf = (distDir) => Object.keys(JSON.parse(fs.readFileSync(path.join(distDir, "server", "pages-manifest.json"), "utf8")));

const json = (res) => JSON.parse(res.body.toString("utf8"));

/** Checks the floors of the build in NEXT_DIST_DIR (`ensureBenchBuild` sets it); throws an AssertionError naming what differs. */
export async function checkFloorRoutes({ log = console.log } = {}) {
  const distDir = process.env.NEXT_DIST_DIR;
  assert.ok(distDir, "NEXT_DIST_DIR names the benchmark's build (ensureBenchBuild)");
  assert.deepEqual(
    routesOf(distDir)
      .filter((route) => route.startsWith("/api/bench"))
      .sort(),
    ["/api/bench/auth-limit/route", "/api/bench/auth/route", "/api/bench/noop/route"],
    `the floor routes of the build in ${distDir}`,
  );
  assert.deepEqual(
    pagesOf(distDir).filter((route) => route.startsWith("/api/bench")),
    ["/api/bench/pages-auth"],
    `the Pages Router floor routes of the build in ${distDir}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-floor-routes-"));
  const began = Date.now();
  const app = await startApp({ env: { DATA_DIR: dataDir, BENCH_ROUTES: "", API_RATE_LIMIT: String(BUDGET) }, name: "floor-routes-check" });
  try {
    const get = (route, headers = {}) => request(app.base + route, { headers });

    const noop = await get("/api/bench/noop");
    assert.equal(noop.status, 200, "GET /api/bench/noop");
    assert.deepEqual(json(noop), { ok: true }, "GET /api/bench/noop");

    // A key that names nothing is refused as the app refuses it, in its shape, with a request id.
    for (const floor of ["/api/bench/auth", "/api/bench/auth-limit", "/api/bench/pages-auth"]) {
      const refused = await get(floor, UNKNOWN_KEY);
      assert.equal(refused.status, 401, floor);
      assert.deepEqual(json(refused), { error: "Invalid API key", code: "unauthorized" }, floor);
      assert.match(String(refused.headers["x-request-id"]), /^[0-9a-f-]{36}$/, floor);
    }

    // A key made in a signed-in browser session, as keys are.
    const owner = await signUpOwner(app.base, "floor-routes");
    const created = await request(`${app.base}/api/authoring/api-keys`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: app.base },
      body: { name: "bench" },
    });
    assert.equal(created.status, 201, `POST /api/authoring/api-keys: ${created.body}`);
    const key = { authorization: `Bearer ${json(created).key}` };

    const lookup = await get("/api/bench/auth", key);
    assert.equal(lookup.status, 200, "GET /api/bench/auth with the key");
    assert.deepEqual(json(lookup), { user_id: owner.userId }, "GET /api/bench/auth with the key");
    const write = await request(`${app.base}/api/bench/auth`, { method: "POST", headers: key, body: { answers: [], note: "x" } });
    assert.equal(write.status, 200, "POST /api/bench/auth with the key");
    assert.deepEqual(json(write), { user_id: owner.userId, fields: 2 }, "POST /api/bench/auth with the key");
    const pagesLookup = await get("/api/bench/pages-auth", key);
    assert.equal(pagesLookup.status, 200, "GET /api/bench/pages-auth with the key");
    assert.deepEqual(json(pagesLookup), { user_id: owner.userId }, "GET /api/bench/pages-auth with the key");
    const pagesWrite = await request(`${app.base}/api/bench/pages-auth`, {
      method: "POST",
      headers: key,
      body: { answers: [], note: "x" },
    });
    assert.equal(pagesWrite.status, 200, "POST /api/bench/pages-auth with the key");
    assert.deepEqual(json(pagesWrite), { user_id: owner.userId, fields: 2 }, "POST /api/bench/pages-auth with the key");

    // The whole admission counts the key's requests: past its budget, 429 in the app's shape. The lookup alone counts none.
    for (let i = 0; i < BUDGET; i++) {
      const admitted = await get("/api/bench/auth-limit", key);
      assert.equal(admitted.status, 200, `GET /api/bench/auth-limit, request ${i + 1}`);
      assert.deepEqual(json(admitted), { user_id: owner.userId }, `GET /api/bench/auth-limit, request ${i + 1}`);
    }
    const spent = await get("/api/bench/auth-limit", key);
    assert.equal(spent.status, 429, `GET /api/bench/auth-limit past the key's budget of ${BUDGET}`);
    const spentBody = json(spent);
    assert.deepEqual(Object.keys(spentBody).sort(), ["code", "error"], "the 429's body");
    assert.equal(spentBody.code, "rate_limited", "the 429's code");
    assert.match(spentBody.error, /^Too many requests/, "the 429's message");
    assert.ok(Number(spent.headers["retry-after"]) > 0, `the 429's Retry-After: ${spent.headers["retry-after"]}`);
    assert.equal((await get("/api/bench/auth", key)).status, 200, "GET /api/bench/auth once the budget is spent");
  } catch (error) {
    console.error(app.log().slice(-4000));
    throw error;
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  log(`floor routes: noop, auth, auth-limit and pages-auth answer as the app admits (${Date.now() - began} ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBenchBuild();
  await checkFloorRoutes();
}
