import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { forgetThrottles } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { apiClient } from "../api-client";
import { startTestServer, type TestServer } from "../http-server";
import { withEnv } from "../with-env";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// Sign-in throttling goes through next-auth, which needs Next.js itself: e2e/people/sign-in-throttle.api.spec.ts.
afterEach(() => forgetThrottles());

describe("[ACCOUNT] sign-up throttling", () => {
  it("answers 429 with Retry-After past the per-address limit, creating nothing", async () => {
    await withEnv({ SIGN_UP_PER_ADDRESS: "3" }, async () => {
      const api = apiClient(server.url);
      const stamp = Date.now().toString(36);
      for (let i = 0; i < 3; i++) {
        const res = await api.post("/api/account/signup", {
          email: `burst-${stamp}-${i}@example.test`,
          password: "tidy-lantern-orbit",
          name: "B",
        });
        expect(res.status).toBe(202);
      }
      const over = await api.post("/api/account/signup", {
        email: `burst-${stamp}-9@example.test`,
        password: "tidy-lantern-orbit",
        name: "B",
      });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe("rate_limited");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await (await getDb()).user.count({ where: { email: `burst-${stamp}-9@example.test` } })).toBe(0);
    });
  });
});
