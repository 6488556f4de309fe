"use client";

import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { CourseAnalytics } from "./course-analytics";
import { useProjectResults, type ProjectResults } from "./queries";

const BANDS = ["0–9", "10–19", "20–29", "30–39", "40–49", "50–59", "60–69", "70–79", "80–89", "90–100"];

/** Attempts per score band, as bars: the shape of a quiz's results at a glance. */
function Distribution({ title, counts }: { title: string; counts: number[] }) {
  const max = Math.max(1, ...counts);
  const width = 300;
  const height = 120;
  const bar = width / counts.length;
  return (
    <figure>
      <svg
        role="img"
        aria-label={`Score distribution of ${title}: ${counts.map((c, i) => `${c} in ${BANDS[i]}%`).join(", ")}`}
        viewBox={`0 0 ${width} ${height + 18}`}
        className="w-full max-w-md"
      >
        {counts.map((count, i) => {
          const h = (count / max) * height;
          return (
            <g key={i}>
              <rect
                x={i * bar + 2}
                y={height - h}
                width={bar - 4}
                height={h}
                rx={2}
                className={i >= 7 ? "fill-emerald-500" : i >= 5 ? "fill-amber-400" : "fill-rose-400"}
              />
              {count > 0 ? (
                <text x={i * bar + bar / 2} y={height - h - 3} textAnchor="middle" className="fill-slate-700 text-[9px]">
                  {count}
                </text>
              ) : null}
              <text x={i * bar + bar / 2} y={height + 12} textAnchor="middle" className="fill-slate-500 text-[7px]">
                {BANDS[i]}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-slate-300" />
      </svg>
      <figcaption className="text-xs text-slate-500">Attempts by score (%)</figcaption>
    </figure>
  );
}

const percent = (value: number) => `${Math.round(value)}%`;

/**
 * One row per learner: which lessons they completed and, per quiz, their best and last score. A
 * wide table scrolls sideways inside its own box (with the learner's column kept in view), never
 * the page.
 */
function LearnerTable({ learners, lessons, quizzes }: Pick<ProjectResults, "learners" | "lessons" | "quizzes">) {
  const published = lessons.filter((l) => l.published);
  return (
    <div
      role="region"
      aria-label="Results per learner"
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <table aria-label="Results per learner" className="min-w-full text-left text-sm">
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-white px-4 py-2 font-medium uppercase">
              Learner
            </th>
            {lessons.map((l) => (
              <th
                key={l.id}
                scope="col"
                className="min-w-28 px-3 py-2 font-medium"
                title={`Lesson in ${l.course_title} › ${l.module_title}`}
              >
                {l.title}
              </th>
            ))}
            {quizzes.map((q) => (
              <th key={q.id} scope="col" className="min-w-40 px-3 py-2 font-medium" title="Quiz">
                {q.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {learners.map((learner) => {
            const completed = new Set(learner.completed_lesson_ids);
            const scores = new Map(learner.quizzes.map((q) => [q.quiz_id, q]));
            const done = published.filter((l) => completed.has(l.id)).length;
            return (
              <tr key={learner.id}>
                <th scope="row" className="sticky left-0 z-10 bg-white px-4 py-2 text-left font-normal">
                  <span className="block font-medium text-slate-900">{learner.name}</span>
                  <span className="block text-xs text-slate-500">
                    {done} of {published.length} lessons
                  </span>
                </th>
                {lessons.map((l) => (
                  <td key={l.id} className="px-3 py-2">
                    {/* The marks are drawn by CSS, so the cell's text is the words alone. */}
                    {completed.has(l.id) ? (
                      <span className="text-emerald-700 before:mr-1 before:content-['✓']">Completed</span>
                    ) : (
                      <span className="text-slate-500 before:content-['–']">
                        <span className="sr-only">Not completed</span>
                      </span>
                    )}
                  </td>
                ))}
                {quizzes.map((q) => {
                  const score = scores.get(q.id);
                  return (
                    <td key={q.id} className="whitespace-nowrap px-3 py-2">
                      {score ? (
                        `Best ${percent(score.best_percentage)} · Last ${percent(score.last_percentage)} · ${score.attempts} ${score.attempts === 1 ? "attempt" : "attempts"}`
                      ) : (
                        <span className="text-slate-500">No attempts</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ResultsPanel({ projectId }: { projectId: string }) {
  const results = useProjectResults(projectId);
  if (results.isPending) return <LoadingPlaceholder label="Loading results" className="h-64 animate-pulse rounded-lg bg-slate-100" />;
  if (results.isError) return <Alert>Could not load the results: {results.error.message}</Alert>;
  const { quizzes, lessons, learners } = results.data;
  const maxViews = Math.max(1, ...lessons.map((l) => l.views));
  return (
    <div className="space-y-8">
      <CourseAnalytics projectId={projectId} />
      <section aria-labelledby="quiz-results" className="space-y-3">
        <h2 id="quiz-results" className="text-lg font-semibold">
          Quizzes
        </h2>
        {quizzes.length === 0 ? <p className="text-sm text-slate-500">No quizzes yet.</p> : null}
        <ul className="grid gap-4 md:grid-cols-2">
          {quizzes.map((q) => (
            <li key={q.id} className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Results of ${q.title}`}>
              <h3 className="font-medium">{q.title}</h3>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
                <div className="rounded bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">Attempts</dt>
                  <dd className="text-xl font-semibold">{q.attempts}</dd>
                </div>
                <div className="rounded bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">Learners</dt>
                  <dd className="text-xl font-semibold">{q.learners}</dd>
                </div>
                <div className="rounded bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">Average</dt>
                  <dd className="text-xl font-semibold">{q.average_percentage === null ? "—" : `${Math.round(q.average_percentage)}%`}</dd>
                </div>
              </dl>
              <div className="mt-3">
                {q.attempts ? (
                  <Distribution title={q.title} counts={q.distribution} />
                ) : (
                  <p className="text-sm text-slate-500">No attempts yet.</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="learner-results" className="space-y-3">
        <h2 id="learner-results" className="text-lg font-semibold">
          Learners
        </h2>
        {learners.length === 0 ? (
          <p className="text-sm text-slate-500">No learners in this workspace yet.</p>
        ) : (
          <LearnerTable learners={learners} lessons={lessons} quizzes={quizzes} />
        )}
      </section>
      <section aria-labelledby="lesson-results" className="space-y-3">
        <h2 id="lesson-results" className="text-lg font-semibold">
          Lessons
        </h2>
        {lessons.length === 0 ? <p className="text-sm text-slate-500">No lessons yet.</p> : null}
        {/* A long title or a narrow screen scrolls the table inside its own box, never the page. */}
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2 font-medium">Lesson</th>
                <th className="px-4 py-2 font-medium">Opened by</th>
                <th className="px-4 py-2 font-medium">Completed by</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lessons.map((l) => (
                <tr key={l.id}>
                  <td className="px-4 py-2">
                    <span className="font-medium wrap-anywhere">{l.title}</span>
                    <span className="block text-xs text-slate-500">
                      {l.course_title} › {l.module_title}
                      {l.published ? "" : " · not visible to learners"}
                    </span>
                  </td>
                  <td className="px-4 py-2">{l.views}</td>
                  <td className="px-4 py-2">
                    <div className="flex items-center gap-2">
                      <span className="w-6 text-right">{l.completions}</span>
                      <span aria-hidden className="h-2 flex-1 rounded-full bg-slate-100">
                        <span className="block h-2 rounded-full bg-emerald-500" style={{ width: `${(100 * l.completions) / maxViews}%` }} />
                      </span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
