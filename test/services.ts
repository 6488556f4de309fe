/**
 * The services the app serves, as the tests see them: each one's endpoint registry, where its
 * route files live and its OpenAPI document. Tests that must cover every endpoint iterate this.
 */
import type { AnyEndpoint } from "@/lib/api/endpoint";
import type { Service } from "@/lib/api/service";
import { authoringEndpoints } from "@/lib/authoring/endpoints";
import { authoringService } from "@/lib/authoring/service";
import { proposalsEndpoints } from "@/lib/proposals/endpoints";
import { proposalsService } from "@/lib/proposals/service";

export type ServiceUnderTest = {
  service: Service;
  endpoints: AnyEndpoint[];
  /** The folder of its route files, relative to the repository. */
  routeRoot: string;
  /** Routes under its base path that are not endpoints of the service (documents, agent tools). */
  notEndpoints: string[];
};

export const SERVICES: ServiceUnderTest[] = [
  { service: authoringService, endpoints: authoringEndpoints, routeRoot: "app/api/authoring", notEndpoints: ["/openapi.json", "/mcp"] },
  { service: proposalsService, endpoints: proposalsEndpoints, routeRoot: "app/api/proposals", notEndpoints: ["/openapi.json", "/mcp"] },
];

/** `/courses/{courseId}` with `{courseId: "c1"}` -> `/courses/c1` */
export function fillPath(path: string, ids: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (ids[name] === undefined) throw new Error(`No id for {${name}} in ${path}: add it to the fixture`);
    return encodeURIComponent(String(ids[name]));
  });
}
