// GET /projects/{projectId}/outline: read a project's structure without block content
import { getProjectOutlineEndpoint } from "@/lib/authoring/projects/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getProjectOutlineEndpoint);
