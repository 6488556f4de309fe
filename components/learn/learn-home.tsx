"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { ProgressBar } from "./progress-bar";
import { useLearnCourses } from "./queries";

/** The user's courses with their progress; with `workspace`, only that workspace's. */
export function LearnHome({ workspace }: { workspace?: { id: string; name: string } }) {
  const courses = useLearnCourses();
  if (courses.isPending) {
    return (
      <LoadingPlaceholder className="grid gap-4 sm:grid-cols-2" label="Loading your courses">
        {[0, 1].map((i) => (
          <div key={i} className="h-40 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </LoadingPlaceholder>
    );
  }
  if (courses.isError) return <Alert>Could not load your courses: {courses.error.message}</Alert>;
  const shown = workspace ? courses.data.filter((c) => c.workspace.id === workspace.id) : courses.data;
  if (shown.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-12 text-center">
        <p className="font-medium">{workspace ? `No courses in ${workspace.name} yet` : "No courses for you yet"}</p>
        <p className="mt-1 text-sm text-slate-500">
          {workspace
            ? "When a course is published there, it appears here."
            : "When a course is published in one of your workspaces, it appears here."}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {shown.map((c) => {
        const started = c.completed_count > 0 || c.last_viewed_at;
        const done = c.lesson_count > 0 && c.completed_count === c.lesson_count;
        return (
          <li key={c.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{c.workspace.name}</p>
            <h2 className="mt-1 text-lg font-semibold">
              <Link href={`/learn/courses/${c.id}`} className="hover:text-brand-600">
                {c.title}
              </Link>
            </h2>
            {c.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{c.description}</p> : null}
            <div className="mt-4 flex-1">
              <ProgressBar done={c.completed_count} total={c.lesson_count} label={`Progress in ${c.title}`} />
            </div>
            {c.next_lesson_id ? (
              <Link
                href={`/learn/lessons/${c.next_lesson_id}`}
                className="mt-4 inline-flex justify-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                {done ? "Review" : started ? "Continue" : "Start"}
                <span className="sr-only"> {c.title}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
