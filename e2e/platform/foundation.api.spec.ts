import { expect, test } from "@playwright/test";
import { signInViaApi, signUpViaApi } from "../support/helpers";

// The production server, over real HTTP.

test("[HEALTH] GET /api/health answers ok with the database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", database: "ok" });
});

test("[AUTH] missing, malformed, unknown and revoked keys answer 401 in the service's shape", async ({ request, playwright, baseURL }) => {
  const user = await signUpViaApi(request);
  // A key made with the user's browser session.
  const browser = await playwright.request.newContext({ baseURL });
  await signInViaApi(browser, user);
  const created = await browser.post("/api/authoring/api-keys", { data: { name: "cli" }, headers: { origin: baseURL! } });
  expect(created.status()).toBe(201);
  const { key, id } = await created.json();

  for (const authorization of [undefined, "Basic abc", "Bearer", `Bearer cak_${"x".repeat(43)}`]) {
    const res = await request.get("/api/authoring/api-keys", { headers: authorization ? { authorization } : {} });
    expect(res.status(), String(authorization)).toBe(401);
    expect(await res.json()).toEqual({ error: expect.any(String), code: "unauthorized" });
  }
  const auth = { authorization: `Bearer ${key}` };
  expect((await request.get("/api/authoring/api-keys", { headers: auth })).status()).toBe(200);
  const bad = await request.post("/api/authoring/api-keys", {
    headers: { ...auth, "content-type": "application/json" },
    data: Buffer.from("{oops"),
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).code).toBe("invalid_json");
  expect((await request.delete(`/api/authoring/api-keys/${id}`, { headers: auth })).status()).toBe(200);
  expect((await request.get("/api/authoring/api-keys", { headers: auth })).status()).toBe(401);
  await browser.dispose();
});
