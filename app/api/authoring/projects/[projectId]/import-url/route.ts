// POST /projects/{projectId}/import-url: import a course archive into a project
import { importCourseEndpoint } from "@/lib/authoring/exchange/link-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(importCourseEndpoint);
