// POST /projects: create a project
// GET /projects: list projects
import { createProjectEndpoint, listProjectsEndpoint } from "@/lib/authoring/projects/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createProjectEndpoint);
export const GET = authoringRoute(listProjectsEndpoint);
