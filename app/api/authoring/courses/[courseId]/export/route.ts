// GET /courses/{courseId}/export: download a course as a package or an archive
import { exportCoursePackageEndpoint } from "@/lib/authoring/exchange/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const GET = authoringRoute(exportCoursePackageEndpoint);
