import { expect, test } from "@playwright/test";

// The benchmark's floor routes (bench/README.md) exist only on a server started with BENCH_MODE=1;
// the test server runs without it, as every deployment does.

test("[BENCH] the framework-floor routes answer 404 not_found when the server is not in bench mode", async ({ request }) => {
  for (const path of ["/api/bench/noop", "/api/bench/auth", "/api/bench/auth-limit"]) {
    const res = await request.get(path, { headers: { authorization: "Bearer cak_0000000000000000000000000000000000000000000" } });
    expect(res.status(), path).toBe(404);
    expect(await res.json(), path).toEqual({ error: "Not found", code: "not_found" });
  }
  const post = await request.post("/api/bench/auth", {
    headers: { authorization: "Bearer cak_0000000000000000000000000000000000000000000" },
    data: { answers: [] },
  });
  expect(post.status()).toBe(404);
  expect(await post.json()).toEqual({ error: "Not found", code: "not_found" });
});
