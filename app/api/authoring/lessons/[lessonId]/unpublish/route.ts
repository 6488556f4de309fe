// POST /lessons/{lessonId}/unpublish: unpublish a lesson
import { authoringRoute } from "@/lib/authoring/route";
import { unpublishLessonEndpoint } from "@/lib/authoring/lessons/endpoints";

export const dynamic = "force-dynamic";
export const POST = authoringRoute(unpublishLessonEndpoint);
