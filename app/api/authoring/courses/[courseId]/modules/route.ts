// POST /courses/{courseId}/modules: create a module
// GET /courses/{courseId}/modules: list a course's modules
import { authoringRoute } from "@/lib/authoring/route";
import { createModuleEndpoint, listModulesEndpoint } from "@/lib/authoring/modules/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createModuleEndpoint);
export const GET = authoringRoute(listModulesEndpoint);
