// POST /lessons/{lessonId}/publish: publish a lesson
import { authoringRoute } from "@/lib/authoring/route";
import { publishLessonEndpoint } from "@/lib/authoring/lessons/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(publishLessonEndpoint);
