// GET /projects/deleted: list deleted projects
import { listDeletedProjectsEndpoint } from "@/lib/authoring/projects/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listDeletedProjectsEndpoint);
