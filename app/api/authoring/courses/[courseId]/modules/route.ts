// POST /courses/{courseId}/modules: create a module
// GET /courses/{courseId}/modules: list a course's modules
import { createModuleEndpoint, listModulesEndpoint } from "@/lib/authoring/modules/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createModuleEndpoint);
export const GET = authoringRoute(listModulesEndpoint);
