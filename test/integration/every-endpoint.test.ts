/**
 * What every endpoint of every service answers before it looks at anything of a caller's: no key
 * or an unknown key (401), an id that cannot name anything (404), all in the service's own error
 * shape. The calls come from the endpoint registry, so a new endpoint is covered when declared.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { apiClient, type ApiResponse } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { callEndpoint, expectServiceError, SERVICES } from "../services";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const pathParams = (endpoint: AnyEndpoint) => [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Path ids of no shape a service uses: a uuid service and a numeric one refuse them alike. */
const MALFORMED = ["not-an-id", "12.5", "-1", "99999999999999999999", "%20"];

for (const { service, endpoints } of SERVICES) {
  describe(`[EVERY ENDPOINT] ${service.name}`, () => {
    it("answers 401 to a request without a key and to an unknown key, in the service's shape", async () => {
      const anonymous = apiClient(`${server.url}${service.basePath}`);
      const unknown = apiClient(`${server.url}${service.basePath}`, `cak_${"x".repeat(43)}`);
      for (const endpoint of endpoints.filter((e) => !e.isPublic)) {
        for (const client of [anonymous, unknown]) {
          const res: ApiResponse = await callEndpoint(client, endpoint, endpoint.path.replace(/\{(\w+)\}/g, "1"), {});
          expectServiceError(service, res, "unauthorized", `${endpoint.method} ${endpoint.path}`);
        }
      }
    });

    it("answers 404 for a path id that cannot name anything, before reading the body, in the service's shape", async () => {
      const { key } = await seedUser();
      const client = apiClient(`${server.url}${service.basePath}`, key);
      for (const endpoint of endpoints.filter((e) => pathParams(e).length)) {
        for (const id of MALFORMED) {
          const path = endpoint.path.replace(/\{(\w+)\}/g, id);
          const res = await callEndpoint(client, endpoint, path, { not: "a valid body" });
          expectServiceError(service, res, "not_found", `${endpoint.method} ${path}`);
        }
      }
    });
  });
}
