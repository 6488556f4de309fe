import Link from "next/link";
import { ServerBlockView } from "@/components/blocks/server-block-view";
import type { LearnLesson } from "@/lib/client/types";
import { AttemptHistory, LearnerBlocks } from "./learner-blocks";
import { LessonCompletion } from "./lesson-completion";

/**
 * A lesson as the learner reads it, rendered on the server: its text is in the page the server
 * sends. Questions, quizzes, diagrams, interactive frames and "Mark complete" are client islands.
 */
export function LessonReader({ lesson: l }: { lesson: LearnLesson }) {
  const previewQuery = l.preview ? "?preview=1" : "";
  return (
    <article className="space-y-6">
      {l.preview ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Preview: this is how learners will see this lesson. Nothing you do here is recorded.
        </p>
      ) : null}
      <header>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link href={`/learn/courses/${l.course.id}`} className="hover:text-brand-600">
            {l.course.title}
          </Link>{" "}
          › {l.module.title}
        </nav>
        <h1 className="mt-1 text-3xl font-bold leading-tight">{l.title}</h1>
        <p className="mt-1 text-sm text-slate-500">
          Lesson {l.position} of {l.lesson_count}
          {l.completed ? " · Completed" : ""}
        </p>
      </header>
      <LearnerBlocks preview={l.preview}>
        <div className="space-y-6 text-[1.05rem] leading-relaxed">
          {l.blocks.length === 0 ? <p className="text-slate-500">This lesson has no content yet.</p> : null}
          {l.blocks.map((block) => (
            <section key={block.id} aria-label={`${block.type} block`}>
              <ServerBlockView block={block} />
              {block.type === "quiz" && block.quiz && !l.preview ? <AttemptHistory quizId={block.quiz.id} /> : null}
            </section>
          ))}
        </div>
      </LearnerBlocks>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
        {l.previous_lesson_id ? (
          <Link
            href={`/learn/lessons/${l.previous_lesson_id}${previewQuery}`}
            className="rounded-md px-3 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-white"
          >
            ← Previous lesson
          </Link>
        ) : (
          <span />
        )}
        {l.preview ? null : <LessonCompletion key={l.id} lessonId={l.id} completed={l.completed} />}
        {l.next_lesson_id ? (
          <Link
            href={`/learn/lessons/${l.next_lesson_id}${previewQuery}`}
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Next lesson →
          </Link>
        ) : (
          <Link
            href={`/learn/courses/${l.course.id}`}
            className="rounded-md px-3 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-white"
          >
            Back to the course
          </Link>
        )}
      </footer>
    </article>
  );
}
