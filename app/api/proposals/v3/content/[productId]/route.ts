// PATCH /v3/content/{productId}: link a content item to the course it delivers (issue 43)
import { setContentCourseEndpoint } from "@/lib/proposals/content/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(setContentCourseEndpoint);
