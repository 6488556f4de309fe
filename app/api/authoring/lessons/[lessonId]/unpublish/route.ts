// POST /lessons/{lessonId}/unpublish: unpublish a lesson
import { unpublishLessonEndpoint } from "@/lib/authoring/lessons/endpoints";
import { authoringRoute } from "@/lib/authoring/route";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(unpublishLessonEndpoint);
