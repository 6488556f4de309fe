// GET /v3/companies/{companyId}/courses: the courses you may link the company's content items to
import { listSellableCoursesEndpoint } from "@/lib/proposals/companies/workspace-link";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listSellableCoursesEndpoint);
