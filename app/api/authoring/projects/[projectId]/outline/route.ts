// GET /projects/{projectId}/outline: read a project's structure without block content
import { authoringRoute } from "@/lib/authoring/route";
import { getProjectOutlineEndpoint } from "@/lib/authoring/projects/endpoints";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(getProjectOutlineEndpoint);
