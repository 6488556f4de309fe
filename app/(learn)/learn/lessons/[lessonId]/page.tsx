import { LessonReader } from "@/components/learn/lesson-reader";

export const metadata = { title: "Lesson" };

export default async function LessonPage({
  params,
  searchParams,
}: {
  params: Promise<{ lessonId: string }>;
  searchParams: Promise<{ preview?: string }>;
}) {
  const { lessonId } = await params;
  const { preview } = await searchParams;
  return <LessonReader lessonId={lessonId} preview={preview === "1"} />;
}
