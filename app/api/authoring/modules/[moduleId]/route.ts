// DELETE /modules/{moduleId}: delete a module
// GET /modules/{moduleId}: read a module
// PATCH /modules/{moduleId}: rename or move a module
import { deleteModuleEndpoint, getModuleEndpoint, updateModuleEndpoint } from "@/lib/authoring/modules/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const DELETE = authoringRoute(deleteModuleEndpoint);
export const GET = authoringRoute(getModuleEndpoint);
export const PATCH = authoringRoute(updateModuleEndpoint);
