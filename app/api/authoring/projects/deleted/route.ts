// GET /projects/deleted: list deleted projects
import { authoringRoute } from "@/lib/authoring/route";
import { listDeletedProjectsEndpoint } from "@/lib/authoring/projects/endpoints";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listDeletedProjectsEndpoint);
