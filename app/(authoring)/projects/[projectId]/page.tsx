import { CourseTree } from "@/components/course-tree/course-tree";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Courses" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await uuidParams(params);
  return <CourseTree projectId={projectId} />;
}
