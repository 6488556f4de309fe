import type { AnyEndpoint } from "@/lib/api/endpoint";
import { routeHandler, type RouteOptions } from "@/lib/api/route-handler";
import { appService } from "./service";

/** A route handler of the app's own endpoints: `export const GET = appRoute(itemHistoryEndpoint)`. */
export const appRoute = (endpoint: AnyEndpoint, options?: RouteOptions) => routeHandler(appService, endpoint, options);
