// DELETE /projects/{projectId}: delete a project
// GET /projects/{projectId}: read a project with its whole hierarchy
// PATCH /projects/{projectId}: rename or describe a project
import { deleteProjectEndpoint, getProjectEndpoint, updateProjectEndpoint } from "@/lib/authoring/projects/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteProjectEndpoint);
export const GET = authoringRoute(getProjectEndpoint);
export const PATCH = authoringRoute(updateProjectEndpoint);
