import { CourseOutline } from "@/components/learn/course-outline";

export const metadata = { title: "Course" };

export default async function LearnCoursePage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await params;
  return <CourseOutline courseId={courseId} />;
}
