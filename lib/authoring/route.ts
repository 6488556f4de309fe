import { routeHandler, type AnyEndpoint } from "@/lib/api/endpoint";
import { authoringService } from "@/lib/api/services";

/** A course-authoring route handler: `export const GET = authoringRoute(listCoursesEndpoint)`. */
export const authoringRoute = (endpoint: AnyEndpoint) => routeHandler(authoringService, endpoint);
