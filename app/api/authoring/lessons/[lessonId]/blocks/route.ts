// POST /lessons/{lessonId}/blocks: add a content block to a lesson
// GET /lessons/{lessonId}/blocks: list a lesson's blocks
import { createBlockEndpoint, listBlocksEndpoint } from "@/lib/authoring/blocks/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createBlockEndpoint);
export const GET = authoringRoute(listBlocksEndpoint);
