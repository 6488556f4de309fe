// DELETE /blocks/{blockId}: delete a block
// GET /blocks/{blockId}: read a block
// PATCH /blocks/{blockId}: edit or move a block
import { deleteBlockEndpoint, getBlockEndpoint, updateBlockEndpoint } from "@/lib/authoring/blocks/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteBlockEndpoint);
export const GET = authoringRoute(getBlockEndpoint);
export const PATCH = authoringRoute(updateBlockEndpoint);
