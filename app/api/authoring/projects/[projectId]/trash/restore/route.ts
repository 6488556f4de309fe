// POST /projects/{projectId}/trash/restore: restore an item from the trash
import { authoringRoute } from "@/lib/authoring/route";
import { restoreTrashItemEndpoint } from "@/lib/authoring/trash/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(restoreTrashItemEndpoint);
