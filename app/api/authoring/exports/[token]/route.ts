// GET /exports/{token}: download a course export by its link
import { downloadExportEndpoint } from "@/lib/authoring/exchange/link-endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(downloadExportEndpoint);
