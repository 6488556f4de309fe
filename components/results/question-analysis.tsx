"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ChartFigure } from "@/components/charts/chart-figure";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { authoringApi } from "@/lib/client/api";
import { AttemptsSelect, decimal, FlagBadges, OptionShares, share, type Attempts } from "./item-analysis";

const readQuestion = (questionId: string, attempts: Attempts) =>
  authoringApi.GET("/questions/{questionId}/item-analysis", { params: { path: { questionId }, query: { attempts } } });
type QuestionFigures = Awaited<ReturnType<typeof readQuestion>>;

/**
 * How a bank question works in every quiz that asks it (issue 42), in its editor: facility,
 * discrimination and flags over all of them, each quiz's row (with a link to its item analysis),
 * and how often each option was chosen. Read when opened: most edits do not need it.
 */
export function QuestionAnalysis({ projectId, questionId }: { projectId: string; questionId: string }) {
  const [isOpen, setOpen] = useState(false);
  const [attempts, setAttempts] = useState<Attempts>("first");
  const figures = useQuery({
    queryKey: ["questions", questionId, "item-analysis", attempts],
    queryFn: () => readQuestion(questionId, attempts),
    enabled: isOpen,
    placeholderData: (previous) => previous,
  });
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-slate-800">How it works in quizzes</summary>
      <div className="mt-3 space-y-3">
        <AttemptsSelect value={attempts} onChange={setAttempts} />
        {figures.isPending ? (
          <LoadingPlaceholder label="Loading how the question works" />
        ) : figures.isError ? (
          <Alert>Could not load how the question works: {figures.error.message}</Alert>
        ) : (
          <Figures projectId={projectId} data={figures.data} />
        )}
      </div>
    </details>
  );
}

function Figures({ projectId, data }: { projectId: string; data: QuestionFigures }) {
  if (data.quizzes.length === 0) return <p className="text-slate-600">No quiz asks this question yet.</p>;
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <span>
          {data.answered} answered · facility {share(data.facility)} · discrimination {decimal(data.discrimination)}
        </span>
        <FlagBadges flags={data.flags} />
      </p>
      <ChartFigure
        title="In each quiz"
        summary={`Asked in ${data.quizzes.length} ${data.quizzes.length === 1 ? "quiz" : "quizzes"}; ${data.answered} answers in all.`}
        table={{
          header: ["Quiz", "Attempts", "Answered", "Facility", "Discrimination"],
          rows: data.quizzes.map((q) => [q.title, q.attempts, q.answered, share(q.facility), decimal(q.discrimination)]),
        }}
        filename={`question-${data.question_id}`}
        tableFirst
      >
        <ul className="space-y-1">
          {data.quizzes.map((q) => (
            <li key={q.quiz_id}>
              <Link href={`/projects/${projectId}/results/quizzes/${q.quiz_id}`} className="text-brand-700 underline">
                {q.title}
              </Link>
              : facility {share(q.facility)}
            </li>
          ))}
        </ul>
      </ChartFigure>
      <OptionShares options={data.options} caption="How often each option was chosen, over every quiz" />
    </div>
  );
}
