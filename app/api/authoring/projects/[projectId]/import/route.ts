// POST /projects/{projectId}/import: create a course from a course archive
import { importCourseArchiveEndpoint } from "@/lib/authoring/exchange/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(importCourseArchiveEndpoint);
