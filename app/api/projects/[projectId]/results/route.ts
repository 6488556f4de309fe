// GET /api/projects/{projectId}/results: quiz scores and lesson completions, for authors
import { appRoute } from "@/lib/app/route";
import { projectResultsEndpoint } from "@/lib/learn/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(projectResultsEndpoint);
