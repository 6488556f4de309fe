import type { AnyEndpoint } from "@/lib/api/endpoint";
import { routeHandler } from "@/lib/api/route-handler";
import { authoringService } from "./service";

/** A course-authoring route handler: `export const GET = authoringRoute(listCoursesEndpoint)`. */
export const authoringRoute = (endpoint: AnyEndpoint) => routeHandler(authoringService, endpoint);
