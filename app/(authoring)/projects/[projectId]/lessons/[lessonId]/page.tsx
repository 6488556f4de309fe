import type { Metadata } from "next";
import { LessonEditor } from "@/components/lesson-editor/lesson-editor";
import { uuidParams } from "@/lib/pages/page-ids";
import { projectOfPage } from "@/lib/pages/project-of-page";

export const metadata: Metadata = { title: "Edit lesson" };

// The project layout has already checked that the user may edit this project; the editor loads
// the lesson through the authoring API, which answers 404 for a lesson outside it.
export default async function LessonEditorPage({ params }: { params: Promise<{ projectId: string; lessonId: string }> }) {
  const { projectId, lessonId } = await uuidParams(params);
  // Whose members a comment may mention: the project's workspace (the layout's read of the project, shared).
  const project = await projectOfPage(projectId);
  return <LessonEditor key={lessonId} projectId={projectId} lessonId={lessonId} workspaceId={project?.workspaceId} />;
}
