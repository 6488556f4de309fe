import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/api/route-handler";
import { errorsByStatus } from "@/lib/api/service";
import { appOpenApi } from "@/lib/app/openapi";
import { NOT_AGENT_TOOLS } from "@/lib/authoring/endpoints";
import { apiClient } from "../api-client";
import { startTestServer, type TestServer } from "../http-server";
import { isNotEndpoint, SERVICES } from "../services";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/api/authoring/courses/[courseId]/route.ts` -> `/courses/{courseId}` */
const toApiPath = (root: string, file: string) =>
  "/" +
  path
    .relative(root, path.dirname(file))
    .split(path.sep)
    .map((s) => s.replace(/^\[(\w+)\]$/, "{$1}"))
    .join("/");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[OPENAPI] the course-authoring service", () => {
  const authoring = SERVICES.find((s) => s.service.name === "authoring")!;

  // The specification's 58, GET /courses/{courseId}/publish-checks (docs/decisions/013-publish-checks.md), the
  // project outline (016), a course's export and import (docs/course-archive.md), the export links (046) and
  // reviewing together (060): threads, suggestions and review links (11), a review link's own endpoints (5), and
  // course analytics and item analysis (065).
  it("declares 85 endpoints with unique snake_case operation ids", () => {
    expect(authoring.endpoints).toHaveLength(85);
    const ids = authoring.endpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(85);
    expect([...NOT_AGENT_TOOLS].every((id) => ids.includes(id))).toBe(true);
  });

  it("documents its parameters and schemas as the endpoint definitions declare them", async () => {
    const doc = (await apiClient(server.url).get("/api/authoring/openapi.json")).body;
    expect(doc.paths["/projects/{projectId}/courses"].get.parameters.map((p: any) => p.name)).toEqual(["projectId", "limit", "offset"]);
    expect(doc.components.schemas.CourseCreate.properties.title).toMatchObject({ minLength: 1, maxLength: 200 });
    // A learner may get 403 on reading an unpublished course: declared, not derived.
    expect(doc.paths["/courses/{courseId}"].get.responses["403"]["x-error-codes"]).toEqual(["forbidden"]);
  });
});

describe("[OPENAPI] the buyer's seats and certificates (docs/decisions/071)", () => {
  it("publishes the enrolment and certificate endpoints alone, for the buyer's people, a certificate's PDF as its bytes", async () => {
    const res = await apiClient(server.url).get("/api/app/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.info.title).toBe("Coursewright seats and certificates API");
    expect(doc.info.description).toMatch(/learning managers/);
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/app/certificates",
      "/app/certificates/{certificateId}/credential",
      "/app/certificates/{certificateId}/pdf",
      "/app/certificates/{certificateId}/revoke",
      "/app/enrolments",
      "/app/enrolments/{enrolmentId}",
      "/app/enrolments/{enrolmentId}/invitations",
      "/app/enrolments/{enrolmentId}/learners",
      "/app/enrolments/{enrolmentId}/learners/{email}",
      "/app/enrolments/{enrolmentId}/managers",
    ]);
    expect(doc.tags.map((t: any) => t.name)).toEqual(["Enrolments", "Certificates"]);
    expect(doc.paths["/app/certificates/{certificateId}/pdf"].get.responses["200"].content).toEqual({
      "application/pdf": { schema: { type: "string", format: "binary", description: "The PDF's bytes" } },
    });
    expect(Object.keys(doc.paths["/app/enrolments/{enrolmentId}/learners"].get.responses["200"].content)).toEqual([
      "application/json",
      "text/csv",
    ]);
    expect(doc.paths["/app/enrolments/{enrolmentId}/invitations"].post.responses["409"]["x-error-codes"]).toEqual(["seats_exhausted"]);
    // The internal document the browser's types come from keeps every endpoint of the app.
    expect(appOpenApi().paths["/learn/courses"]).toBeDefined();
    expect(Object.keys(appOpenApi().paths)).toEqual(expect.arrayContaining(Object.keys(doc.paths)));
  });
});

for (const entry of SERVICES) {
  const { service, endpoints, routeRoot, document, documented = endpoints } = entry;
  const root = path.resolve(routeRoot);

  describe(`[OPENAPI] ${service.name}: the API definition, the route files and the document agree`, () => {
    it("has unique snake_case operation ids", () => {
      const ids = endpoints.map((e) => e.operationId);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
    });

    it("has a route handler for every endpoint and an endpoint for every route handler, bound to this service", async () => {
      const fromRoutes: string[] = [];
      for (const file of routeFiles(root)) {
        const apiPath = toApiPath(root, file);
        if (isNotEndpoint(entry, apiPath)) continue;
        const mod = (await import(/* @vite-ignore */ file)) as Record<string, RouteHandler | undefined>;
        for (const method of METHODS) {
          const handler = mod[method];
          if (!handler) continue;
          expect(handler.endpoint, `${method} ${apiPath} is not bound to an endpoint definition`).toBeDefined();
          expect(handler.service.name).toBe(service.name);
          expect(handler.endpoint.method).toBe(method);
          expect(handler.endpoint.path).toBe(apiPath);
          fromRoutes.push(`${method} ${apiPath}`);
        }
      }
      expect(fromRoutes.sort()).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
    });

    // The app's own endpoints publish no document (docs/decisions/005-learner-endpoints-outside-the-service.md) but the
    // buyer's (decision 071): `documented` names them.
    if (!document) return;

    it(`serves an OpenAPI 3.1 document with ${documented === endpoints ? "every" : "each documented"} endpoint, parameter, body, response and derived error`, async () => {
      const res = await apiClient(server.url).get(`${service.basePath}${document}`);
      expect(res.status).toBe(200);
      const doc = res.body;
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.info.version).toBe("1.0.0");
      expect(doc.servers).toEqual([{ url: service.basePath }]);
      const operations: string[] = [];
      for (const [p, item] of Object.entries<Record<string, any>>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) operations.push(`${method.toUpperCase()} ${p} ${op.operationId}`);
      }
      expect(operations.sort()).toEqual(documented.map((e) => `${e.method} ${e.path} ${e.operationId}`).sort());

      for (const ep of documented) {
        const op = doc.paths[ep.path][ep.method.toLowerCase()];
        const pathParams = [...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(op.parameters?.filter((p: any) => p.in === "path").map((p: any) => p.name) ?? []).toEqual(pathParams);
        const errors = errorsByStatus(service, ep);
        expect(Object.keys(op.responses).sort()).toEqual([ep.status, ...errors.keys()].map(String).sort());
        // What the shape implies is always there: 503, 401 unless public, 404 with path ids, 400 with input.
        expect(errors.has(503)).toBe(true);
        expect(errors.has(401)).toBe(!ep.isPublic);
        if (pathParams.length) expect(errors.has(404)).toBe(true);
        if (ep.body || ep.query) expect(errors.has(400)).toBe(true);
        for (const [status, codes] of errors) expect(op.responses[status]["x-error-codes"]).toEqual(codes);
        expect(Boolean(op.requestBody)).toBe(Boolean(ep.body));
        if (ep.query) expect(op.parameters.some((p: any) => p.in === "query")).toBe(true);
      }
      // Every reference resolves.
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
      for (const ref of new Set(refs)) expect(doc.components.schemas[ref], ref).toBeDefined();
    });
  });
}
