import type { AnyEndpoint } from "@/lib/api/endpoint";
import { routeHandler } from "@/lib/api/route-handler";
import { proposalsService } from "./service";

/** A proposals route handler: `export const GET = proposalsRoute(listCompaniesEndpoint)`. */
export const proposalsRoute = (endpoint: AnyEndpoint) => routeHandler(proposalsService, endpoint);
