/**
 * 503 on every endpoint of every service while the database cannot be reached (contract.md, 503),
 * in the service's own error shape, never naming the cause. The calls come from the endpoint
 * registry. In a file of its own: it closes and reopens the file's database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callEndpoint, expectServiceError, SERVICES } from "../services";
import { withEnv } from "../with-env";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[AVAILABILITY] database unreachable", () => {
  it("every endpoint of every service answers 503 in its service's shape, without leaking the cause, and serves again once the database is back", async () => {
    const { key } = await seedUser();
    await withEnv({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nowhere" }, async () => {
      for (const { service, endpoints } of SERVICES) {
        const client = apiClient(`${server.url}${service.basePath}`, key);
        for (const endpoint of endpoints) {
          // Who is asking is checked first, and that needs the database: nothing else is reached.
          const path = endpoint.path.replace(/\{(\w+)\}/g, "1");
          const res = await callEndpoint(client, endpoint, path, {});
          expectServiceError(service, res, "not_configured", `${endpoint.method} ${path}`);
          expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|nowhere/);
        }
      }
    });
    const after = apiClient(`${server.url}/api/authoring`, (await seedUser()).key);
    expect((await after.get("/workspaces")).status).toBe(200);
    // Every endpoint of both services, twice: 18 s alone, over 30 s among CI's parallel files on a slow machine.
  }, 120_000);
});
