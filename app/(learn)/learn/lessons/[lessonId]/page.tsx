import { notFound } from "next/navigation";
import { LessonReader } from "@/components/learn/lesson-reader";
import { UnavailableNotice } from "@/components/learn/unavailable";
import { AppError } from "@/lib/api/errors";
import { redirectToSignIn } from "@/lib/auth/require-user";
import { sessionCaller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { readLearnLesson } from "@/lib/learn/learn";
import { uuidParams } from "@/lib/pages/page-ids";

export const metadata = { title: "Lesson" };

/**
 * The learner's lesson, rendered on the server with the read the learner API answers with (same
 * access rules, the visit recorded): a lesson the caller may not see is the not-found page; one
 * not published now says so, in the server's words.
 */
export default async function LessonPage({
  params,
  searchParams,
}: {
  params: Promise<{ lessonId: string }>;
  searchParams: Promise<{ preview?: string }>;
}) {
  const { lessonId } = await uuidParams(params);
  const { preview } = await searchParams;
  const caller = (await sessionCaller()) ?? (await redirectToSignIn());
  const read = await readLearnLesson(await getDb(), caller, lessonId, preview === "1").then(
    (lesson) => ({ lesson }),
    (error: unknown) => {
      if (error instanceof AppError && error.code === "forbidden") return { notPublished: error.message };
      if (error instanceof AppError && error.code === "not_found") notFound();
      throw error;
    },
  );
  if ("notPublished" in read) return <UnavailableNotice notPublished message={read.notPublished} />;
  return <LessonReader lesson={read.lesson} />;
}
