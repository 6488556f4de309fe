import { CourseTree } from "@/components/course-tree/course-tree";

export const metadata = { title: "Courses" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <CourseTree projectId={projectId} />;
}
