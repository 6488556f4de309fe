// POST /lessons/{lessonId}/publish: publish a lesson
import { publishLessonEndpoint } from "@/lib/authoring/lessons/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(publishLessonEndpoint);
