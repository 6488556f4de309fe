/**
 * The services the app serves, as the tests see them: each one's endpoint registry, where its
 * route files live and its OpenAPI document. Tests that must cover every endpoint iterate this.
 */
import { expect } from "vitest";
import type { AnyEndpoint } from "@/lib/api/endpoint";
import { AppError, type ErrorCode } from "@/lib/api/errors";
import type { Service } from "@/lib/api/service";
import { buyerEndpoints } from "@/lib/app/buyer";
import { appEndpoints } from "@/lib/app/endpoints";
import { appService } from "@/lib/app/service";
import { authoringEndpoints } from "@/lib/authoring/endpoints";
import { authoringService } from "@/lib/authoring/service";
import { proposalsEndpoints } from "@/lib/proposals/endpoints";
import { proposalsService } from "@/lib/proposals/service";
import type { apiClient, ApiResponse } from "./api-client";

export type ServiceUnderTest = {
  service: Service;
  endpoints: AnyEndpoint[];
  /** The folder of its route files, relative to the repository. */
  routeRoot: string;
  /**
   * Routes in that folder that are not endpoints of the service (documents, agent tools, what does
   * not speak JSON, another service's folder); `/auth/*` is every route under /auth.
   */
  notEndpoints: string[];
  /**
   * Its OpenAPI document, under its base path. The app's own endpoints have none (decision 005) but
   * for the buyer's seats and certificates (decision 071).
   */
  document?: string;
  /** The endpoints the document describes, where not all of them. */
  documented?: AnyEndpoint[];
};

export const SERVICES: ServiceUnderTest[] = [
  {
    service: authoringService,
    endpoints: authoringEndpoints,
    routeRoot: "app/api/authoring",
    notEndpoints: ["/openapi.json", "/mcp"],
    document: "/openapi.json",
  },
  {
    service: proposalsService,
    endpoints: proposalsEndpoints,
    routeRoot: "app/api/proposals",
    notEndpoints: ["/openapi.json", "/mcp"],
    document: "/openapi.json",
  },
  {
    service: appService,
    endpoints: appEndpoints,
    routeRoot: "app/api",
    // next-auth's endpoints, the health check, hosted files and the benchmark's floors (in its build only) answer no JSON
    // endpoint's way; the other two services have their own folders; the buyer's document and agent tools are no endpoints.
    notEndpoints: [
      "/authoring/*",
      "/proposals/*",
      "/auth/*",
      "/health",
      "/files/{uuid}",
      "/bench/*",
      "/presence/stream",
      "/app/openapi.json",
      "/app/mcp",
    ],
    document: "/app/openapi.json",
    documented: buyerEndpoints,
  },
];

/** Whether a route (`/files/{uuid}`) is one the service lists as not its endpoint. */
export const isNotEndpoint = ({ notEndpoints }: ServiceUnderTest, apiPath: string) =>
  notEndpoints.some((entry) => (entry.endsWith("/*") ? apiPath.startsWith(entry.slice(0, -1)) : apiPath === entry));

/** `/courses/{courseId}` with `{courseId: "c1"}` -> `/courses/c1` */
export function fillPath(path: string, ids: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (ids[name] === undefined) throw new Error(`No id for {${name}} in ${path}: add it to the fixture`);
    return encodeURIComponent(String(ids[name]));
  });
}

/** Calls an endpoint with any client of the tests, whatever its method. */
export function callEndpoint(api: ReturnType<typeof apiClient>, endpoint: AnyEndpoint, path: string, body: unknown) {
  switch (endpoint.method) {
    case "GET":
      return api.get(path);
    case "DELETE":
      return body === undefined ? api.delete(path) : api.request("DELETE", path, body);
    case "POST":
      return api.post(path, body);
    case "PATCH":
      return api.patch(path, body);
    case "PUT":
      return api.put(path, body);
  }
}

const MESSAGE = "\u0000message";

/**
 * Asserts an error answer: the status and code this service maps `code` to, in the service's own
 * shape, any message, and the given details where the shape carries them.
 */
export function expectServiceError(service: Service, res: ApiResponse, code: ErrorCode, label = "", details?: Record<string, unknown>) {
  const mapped = service.errorCodes[code];
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(mapped.status);
  const anyMessage = (value: unknown): unknown =>
    value === MESSAGE
      ? expect.any(String)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, anyMessage(v)]))
        : value;
  expect(res.body, label).toEqual(anyMessage(service.writeError(new AppError(code, MESSAGE, details), mapped.code)));
}
