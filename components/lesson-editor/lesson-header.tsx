"use client";

import Link from "next/link";
import { LessonTitle } from "./lesson-title";
import type { LessonDto, useLessonCourse } from "./queries";

export function BackLink({ projectId }: { projectId: string }) {
  return (
    <Link
      href={`/projects/${projectId}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700"
    >
      <span aria-hidden>←</span> Back to course tree
    </Link>
  );
}

/** Above the blocks: the way back, where the lesson sits, its learner preview, its title and whether it is published. */
export function LessonHeader({
  projectId,
  lessonId,
  lesson,
  location: { module, course },
}: {
  projectId: string;
  lessonId: string;
  lesson: LessonDto;
  location: ReturnType<typeof useLessonCourse>;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink projectId={projectId} />
        <div className="flex items-center gap-4">
          <nav aria-label="Lesson location" className="text-sm text-slate-500">
            {course.data ? course.data.title : module.isPending || course.isPending ? "…" : null}
            {module.data ? <> › {module.data.title}</> : null}
          </nav>
          <Link
            href={`/learn/lessons/${lessonId}?preview=1`}
            target="_blank"
            className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-white"
          >
            Preview as learner
          </Link>
        </div>
      </div>

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <LessonTitle key={lesson.id} lesson={lesson} />
        </div>
        <span
          className={`mt-6 rounded-full px-2.5 py-0.5 text-xs font-medium ${
            lesson.published_at ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"
          }`}
        >
          {lesson.published_at ? "Published" : "Draft"}
        </span>
      </div>
    </>
  );
}
