// GET /projects/{projectId}/trash: list a project's trash
import { authoringRoute } from "@/lib/authoring/route";
import { listTrashEndpoint } from "@/lib/authoring/trash/endpoints";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(listTrashEndpoint);
