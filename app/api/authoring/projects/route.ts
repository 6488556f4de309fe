// POST /projects: create a project
// GET /projects: list projects
import { authoringRoute } from "@/lib/authoring/route";
import { createProjectEndpoint, listProjectsEndpoint } from "@/lib/authoring/projects/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createProjectEndpoint);
export const GET = authoringRoute(listProjectsEndpoint);
