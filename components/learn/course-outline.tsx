"use client";

import Link from "next/link";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { ProgressBar } from "./progress-bar";
import { useLearnCourse } from "./queries";
import { Unavailable } from "./unavailable";

export function CourseOutline({ courseId }: { courseId: string }) {
  const course = useLearnCourse(courseId);
  if (course.isPending) return <LoadingPlaceholder label="Loading the course" className="h-64 animate-pulse rounded-xl bg-slate-100" />;
  if (course.isError) return <Unavailable error={course.error} />;
  const c = course.data;
  const started = c.completed_count > 0;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/learn" className="text-sm text-slate-500 hover:text-brand-600">
          ← Your courses
        </Link>
        <h1 className="mt-1 text-3xl font-bold">{c.title}</h1>
        {c.description ? <p className="mt-2 text-slate-600">{c.description}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-6 rounded-xl border border-slate-200 bg-white p-5">
        <div className="min-w-48 flex-1">
          <ProgressBar done={c.completed_count} total={c.lesson_count} label={`Progress in ${c.title}`} />
        </div>
        {c.next_lesson_id ? (
          <Link
            href={`/learn/lessons/${c.next_lesson_id}`}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {c.completed_count === c.lesson_count ? "Review the course" : started ? "Continue where you left off" : "Start the course"}
          </Link>
        ) : null}
      </div>
      <ol className="space-y-4">
        {c.modules.map((m, mi) => (
          <li key={m.id} className="rounded-xl border border-slate-200 bg-white">
            <h2 className="border-b border-slate-100 px-5 py-3 font-semibold">
              <span className="mr-2 text-slate-400">{mi + 1}.</span>
              {m.title}
            </h2>
            {m.lessons.length === 0 ? (
              <p className="px-5 py-3 text-sm text-slate-500">No lessons here yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={`Lessons of ${m.title}`}>
                {m.lessons.map((l) => (
                  <li key={l.id}>
                    <Link
                      href={`/learn/lessons/${l.id}`}
                      aria-label={`${l.title}, ${l.completed ? "completed" : "not completed"}${!l.completed && l.id === c.next_lesson_id ? ", up next" : ""}`}
                      className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50"
                    >
                      <span
                        aria-hidden
                        className={`grid h-5 w-5 place-items-center rounded-full text-xs ${l.completed ? "bg-emerald-500 text-white" : "border border-slate-300"}`}
                      >
                        {l.completed ? "✓" : ""}
                      </span>
                      <span className="flex-1">{l.title}</span>
                      <span className="text-xs text-slate-500">
                        {l.completed ? "Completed" : l.id === c.next_lesson_id ? "Up next" : ""}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
