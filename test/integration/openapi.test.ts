import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/api/endpoint";
import { authoringEndpoints, NOT_AGENT_TOOLS } from "@/lib/authoring/endpoints";
import { startTestServer, type TestServer } from "../http-server";
import { apiClient } from "../api-client";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const ROOT = path.resolve("app/api/authoring");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/api/authoring/courses/[courseId]/route.ts` -> `/courses/{courseId}` */
const toApiPath = (file: string) =>
  "/" + path.relative(ROOT, path.dirname(file)).split(path.sep).map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");

// Served by the app itself, not endpoints of the service.
const NOT_ENDPOINTS = new Set(["/openapi.json", "/mcp"]);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("[OPENAPI] the API definition, the route files and the document agree", () => {
  it("declares 58 endpoints with unique snake_case operation ids", () => {
    expect(authoringEndpoints).toHaveLength(58);
    const ids = authoringEndpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(58);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect([...NOT_AGENT_TOOLS].every((id) => ids.includes(id))).toBe(true);
  });

  it("has a route handler for every endpoint and an endpoint for every route handler", async () => {
    const fromRoutes: string[] = [];
    for (const file of routeFiles(ROOT)) {
      const apiPath = toApiPath(file);
      if (NOT_ENDPOINTS.has(apiPath)) continue;
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, RouteHandler | undefined>;
      for (const method of METHODS) {
        const handler = mod[method];
        if (!handler) continue;
        expect(handler.endpoint, `${method} ${apiPath} is not bound to an endpoint definition`).toBeDefined();
        expect(handler.endpoint.method).toBe(method);
        expect(handler.endpoint.path).toBe(apiPath);
        fromRoutes.push(`${method} ${apiPath}`);
      }
    }
    const declared = authoringEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(fromRoutes.sort()).toEqual(declared.sort());
  });

  it("serves an OpenAPI 3.1 document with every endpoint, parameter, body, response and declared error", async () => {
    const res = await apiClient(server.url).get("/api/authoring/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    const operations: string[] = [];
    for (const [p, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) operations.push(`${method.toUpperCase()} ${p} ${op.operationId}`);
    }
    expect(operations.sort()).toEqual(authoringEndpoints.map((e) => `${e.method} ${e.path} ${e.operationId}`).sort());

    for (const ep of authoringEndpoints) {
      const op = doc.paths[ep.path][ep.method.toLowerCase()];
      const pathParams = [...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters?.filter((p: any) => p.in === "path").map((p: any) => p.name) ?? []).toEqual(pathParams);
      expect(Object.keys(op.responses).sort()).toEqual([ep.status, ...ep.errors].map(String).sort());
      expect(Boolean(op.requestBody)).toBe(Boolean(ep.body));
      if (ep.query) expect(op.parameters.some((p: any) => p.in === "query")).toBe(true);
    }
    // Every reference resolves.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    for (const ref of new Set(refs)) expect(doc.components.schemas[ref], ref).toBeDefined();
    expect(doc.paths["/projects/{projectId}/courses"].get.parameters.map((p: any) => p.name)).toEqual(["projectId", "limit", "offset"]);
    expect(doc.components.schemas.CourseCreate.properties.title).toMatchObject({ minLength: 1, maxLength: 200 });
  });
});
