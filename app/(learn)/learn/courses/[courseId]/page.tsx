import { CourseOutline } from "@/components/learn/course-outline";
import { Providers } from "@/components/providers";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Course" };

export default async function LearnCoursePage({ params }: { params: Promise<{ courseId: string }> }) {
  const { courseId } = await uuidParams(params);
  return (
    <Providers>
      <CourseOutline courseId={courseId} />
    </Providers>
  );
}
