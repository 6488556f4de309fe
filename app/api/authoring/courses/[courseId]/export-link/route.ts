// POST /courses/{courseId}/export-link: get a download link for a course package or archive
import { createExportLinkEndpoint } from "@/lib/authoring/exchange/link-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(createExportLinkEndpoint);
