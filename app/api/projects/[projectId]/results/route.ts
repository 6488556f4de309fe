// GET /api/projects/{projectId}/results: quiz scores and lesson completions, for authors
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { projectResultsEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, projectResultsEndpoint);
