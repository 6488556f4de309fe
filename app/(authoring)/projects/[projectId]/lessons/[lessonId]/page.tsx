import type { Metadata } from "next";
import { LessonEditor } from "@/components/lesson-editor/lesson-editor";
import { getDb } from "@/lib/db/client";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata: Metadata = { title: "Edit lesson" };

// The project layout has already checked that the user may edit this project; the editor loads
// the lesson through the authoring API, which answers 404 for a lesson outside it.
export default async function LessonEditorPage({ params }: { params: Promise<{ projectId: string; lessonId: string }> }) {
  const { projectId, lessonId } = await uuidParams(params);
  // Whose members a comment may mention: the project's workspace (the layout found the project).
  const project = await (await getDb()).project.findUnique({ where: { id: projectId }, select: { workspaceId: true } });
  return <LessonEditor key={lessonId} projectId={projectId} lessonId={lessonId} workspaceId={project?.workspaceId} />;
}
