"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DateRangeFields, REPORT_INPUT, ReportField, ReportFigure } from "@/components/charts/report-controls";
import { useProjectTree } from "@/components/course-tree/queries";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { authoringApi } from "@/lib/client/api";

type Attempts = "first" | "all";
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BANDS = ["0–9", "10–19", "20–29", "30–39", "40–49", "50–59", "60–69", "70–79", "80–89", "90–100"];
const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)} %`);

const readAnalytics = (courseId: string, query: { from: string; to: string; attempts: Attempts; pass_mark: number }) =>
  authoringApi.GET("/courses/{courseId}/analytics", { params: { path: { courseId }, query } });
type Analytics = Awaited<ReturnType<typeof readAnalytics>>;

function duration(seconds: number | null): string {
  if (seconds === null) return "–";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${(seconds / 3600).toLocaleString("en", { maximumFractionDigits: 1 })} h`;
  return `${(seconds / 86_400).toLocaleString("en", { maximumFractionDigits: 1 })} days`;
}

/**
 * A course's analytics on the Results tab (issue 42): the funnel from opening the course through
 * each lesson to completing it, with the drop-off, the time to complete, and each quiz's score
 * histogram with its pass rate, for a date range; first attempts by default, or all.
 */
export function CourseAnalytics({ projectId }: { projectId: string }) {
  const tree = useProjectTree(projectId);
  const courses = tree.data?.courses ?? [];
  const [chosen, setChosen] = useState<string>();
  const [today] = useState(() => Date.now());
  const [from, setFrom] = useState(() => isoDay(today - 365 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(today + DAY_MS));
  const [attempts, setAttempts] = useState<Attempts>("first");
  const [passMark, setPassMark] = useState(70);
  const headingId = useId();
  const courseId = chosen ?? courses[0]?.id;
  const query = { from, to, attempts, pass_mark: passMark };
  const analytics = useQuery({
    queryKey: ["courses", courseId, "analytics", query],
    queryFn: () => readAnalytics(courseId!, query),
    enabled: Boolean(courseId),
    placeholderData: (previous) => previous,
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Course analytics
      </h2>
      {tree.isPending ? null : courses.length === 0 ? (
        <p className="text-sm text-slate-500">No courses yet.</p>
      ) : (
        <form aria-label="Analytics filters" className="grid grid-cols-2 gap-3 sm:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
          <ReportField label="Course" className="col-span-2 sm:col-span-1">
            {(id) => (
              <select id={id} value={courseId} onChange={(e) => setChosen(e.target.value)} className={REPORT_INPUT}>
                {courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </ReportField>
          <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <ReportField label="Quiz attempts">
            {(id) => (
              <select id={id} value={attempts} onChange={(e) => setAttempts(e.target.value as Attempts)} className={REPORT_INPUT}>
                <option value="first">First per learner</option>
                <option value="all">All</option>
              </select>
            )}
          </ReportField>
          <ReportField label="Pass mark (%)">
            {(id) => (
              <input
                id={id}
                type="number"
                min={0}
                max={100}
                value={passMark}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  if (Number.isInteger(n) && n >= 0 && n <= 100) setPassMark(n);
                }}
                className={REPORT_INPUT}
              />
            )}
          </ReportField>
        </form>
      )}
      {!courseId ? null : analytics.isPending ? (
        <LoadingPlaceholder label="Loading the course's analytics" />
      ) : analytics.isError ? (
        <Alert>Could not load the analytics: {analytics.error.message}</Alert>
      ) : (
        <AnalyticsFigures projectId={projectId} data={analytics.data} title={courses.find((c) => c.id === courseId)?.title ?? "course"} />
      )}
    </section>
  );
}

function AnalyticsFigures({ projectId, data, title }: { projectId: string; data: Analytics; title: string }) {
  const { learners, lessons, quizzes } = data;
  const steps = [
    { label: "Opened the course", value: learners.started },
    ...lessons.map((l, i) => ({ label: `${i + 1}. ${l.title}`, value: l.started })),
    { label: "Completed the course", value: learners.completed },
  ];
  // Where most learners stop: the largest fall from one step to the next.
  const drops = steps.slice(1).map((step, i) => ({ after: steps[i].label, drop: steps[i].value - step.value }));
  const worst = drops.reduce((a, b) => (b.drop > a.drop ? b : a), { after: "", drop: 0 });
  const rate = learners.started ? Math.round((100 * learners.completed) / learners.started) : null;
  const funnelTable = {
    header: ["Step", "Learners", "Completed the lesson", "Left after the previous step"],
    rows: steps.map((s, i) => [
      s.label,
      s.value,
      i > 0 && i <= lessons.length ? lessons[i - 1].completed : null,
      i > 0 ? steps[i - 1].value - s.value : null,
    ]),
  };
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <ReportFigure label="Opened the course" value={String(learners.started)} />
        <ReportFigure label="Completed it" value={rate === null ? "0" : `${learners.completed} (${rate} %)`} />
        <ReportFigure label="Median time to complete" value={duration(learners.median_seconds_to_complete)} />
      </dl>
      <ChartFigure
        title="Where learners stop"
        summary={
          learners.started
            ? `${learners.started} learners opened ${title} and ${learners.completed} completed it.${
                worst.drop > 0 ? ` The largest drop, ${worst.drop}, comes after “${worst.after}”.` : ""
              }`
            : `Nobody opened ${title} in this range.`
        }
        table={funnelTable}
        filename={`funnel-${title}`}
      >
        <BarChart orientation="horizontal" bars={steps} />
      </ChartFigure>
      {quizzes.length ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {quizzes.map((q) => (
            <div key={q.quiz_id} className="min-w-0 space-y-1">
              <ChartFigure
                title={`Scores in ${q.title}`}
                summary={
                  q.attempts
                    ? `${q.attempts} attempts by ${q.learners} learners; mean ${Math.round(q.mean_percentage ?? 0)} %, pass rate ${percent(q.pass_rate)}.`
                    : "No attempts in this range."
                }
                table={{ header: ["Score (%)", "Attempts"], rows: q.histogram.map((count, i) => [BANDS[i], count]) }}
                filename={`scores-${q.title}`}
              >
                <BarChart bars={q.histogram.map((count, i) => ({ label: BANDS[i], value: count }))} height={170} />
              </ChartFigure>
              <Link href={`/projects/${projectId}/results/quizzes/${q.quiz_id}`} className="text-sm text-brand-700 underline">
                Item analysis of {q.title}
              </Link>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
