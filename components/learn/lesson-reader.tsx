"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { BlockEnvironmentProvider, type BlockEnvironment } from "@/components/blocks/block-environment";
import { BlockView } from "@/components/blocks/block-view";
import { Button } from "@/components/ui/button";
import { learnRequests, useAttempts, useCompleteLesson, useLearnLesson } from "./queries";
import { Unavailable } from "./unavailable";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function AttemptHistory({ quizId }: { quizId: string }) {
  const attempts = useAttempts(quizId);
  if (!attempts.data?.length) return null;
  return (
    <details className="mt-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium">Your attempts ({attempts.data.length})</summary>
      <ol className="mt-2 space-y-1" aria-label="Your attempts">
        {attempts.data.map((a) => (
          <li key={a.attempt_id} className="flex justify-between text-slate-600">
            <span>{when.format(new Date(a.created_at))}</span>
            <span className="font-medium text-slate-800">
              {a.score_correct} of {a.score_total} · {Math.round(a.percentage)}%
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}

export function LessonReader({ lessonId, preview }: { lessonId: string; preview: boolean }) {
  const lesson = useLearnLesson(lessonId, preview);
  const complete = useCompleteLesson(lessonId);
  const client = useQueryClient();
  const end = useRef<HTMLDivElement>(null);
  const environment = useMemo<BlockEnvironment>(
    () => ({
      loadQuiz: learnRequests.loadQuiz,
      submitQuiz: (quizId, answers) => learnRequests.submitQuiz(client, quizId, answers),
      checkAnswer: learnRequests.checkAnswer,
    }),
    [client],
  );
  const data = lesson.data;
  const canComplete = data && !data.preview && !data.completed;

  // Scrolling to the end of a lesson completes it; a lesson that fits on the screen has the button.
  const markComplete = complete.mutate;
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || !canComplete) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && window.scrollY > 0) markComplete();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canComplete, markComplete]);

  if (lesson.isPending)
    return <div className="h-96 animate-pulse rounded-xl bg-slate-100" aria-busy="true" aria-label="Loading the lesson" />;
  if (lesson.isError) return <Unavailable error={lesson.error} />;
  const l = lesson.data;
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
      <BlockEnvironmentProvider value={environment}>
        <div className="space-y-6 text-[1.05rem] leading-relaxed">
          {l.blocks.length === 0 ? <p className="text-slate-500">This lesson has no content yet.</p> : null}
          {l.blocks.map((block) => (
            <section key={block.id} aria-label={`${block.type} block`}>
              <BlockView block={block} />
              {block.type === "quiz" && block.quiz && !l.preview ? <AttemptHistory quizId={block.quiz.id} /> : null}
            </section>
          ))}
        </div>
      </BlockEnvironmentProvider>
      <div ref={end} />
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
        {l.previous_lesson_id ? (
          <Link
            href={`/learn/lessons/${l.previous_lesson_id}${l.preview ? "?preview=1" : ""}`}
            className="rounded-md px-3 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-white"
          >
            ← Previous lesson
          </Link>
        ) : (
          <span />
        )}
        {l.preview ? null : l.completed || complete.isSuccess ? (
          <p role="status" className="text-sm font-medium text-emerald-700">
            ✓ Lesson complete
          </p>
        ) : (
          <Button onClick={() => complete.mutate()} disabled={complete.isPending}>
            Mark complete
          </Button>
        )}
        {l.next_lesson_id ? (
          <Link
            href={`/learn/lessons/${l.next_lesson_id}${l.preview ? "?preview=1" : ""}`}
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
