"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { authoringApi } from "@/lib/client/api";

export type Attempts = "first" | "all";

const readItems = (quizId: string, attempts: Attempts) =>
  authoringApi.GET("/quizzes/{quizId}/item-analysis", { params: { path: { quizId }, query: { attempts } } });
type Items = Awaited<ReturnType<typeof readItems>>;
type Item = Items["items"][number];

const FLAG_WORDS: Record<string, string> = {
  too_easy: "Too easy",
  too_hard: "Too hard",
  weak_discrimination: "Does not separate",
};
export const share = (n: number | null) => (n === null ? "–" : `${Math.round(n * 100)} %`);
export const decimal = (n: number | null) => (n === null ? "–" : n.toFixed(2));

/**
 * A quiz's item analysis (issue 42): for each question, how many answered it right (facility), how
 * well it separates learners who know from those who do not (discrimination: the corrected
 * point-biserial), and how often each option was chosen. Flagged questions link to the bank. The
 * variants of one question family sit side by side, under the family's name.
 */
export function ItemAnalysis({ projectId, quizId }: { projectId: string; quizId: string }) {
  const [attempts, setAttempts] = useState<Attempts>("first");
  const items = useQuery({
    queryKey: ["quizzes", quizId, "item-analysis", attempts],
    queryFn: () => readItems(quizId, attempts),
    placeholderData: (previous) => previous,
  });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link href={`/projects/${projectId}/results`} className="text-sm text-brand-700 underline">
            Results
          </Link>
          <h1 className="text-2xl font-semibold">Item analysis</h1>
        </div>
        <AttemptsSelect value={attempts} onChange={setAttempts} />
      </div>
      <p className="text-sm text-slate-600">
        Facility: the share who answered right (flagged above 90 % or below 20 %). Discrimination: how the question agrees with the rest of
        the quiz, from −1 to 1 (flagged under 0.1; shown from 5 attempts).
      </p>
      {items.isPending ? (
        <LoadingPlaceholder label="Loading the item analysis" />
      ) : items.isError ? (
        <Alert>Could not load the item analysis: {items.error.message}</Alert>
      ) : (
        <ItemFigures projectId={projectId} data={items.data} />
      )}
    </div>
  );
}

function ItemFigures({ projectId, data }: { projectId: string; data: Items }) {
  const flagged = data.items.filter((i) => i.flags.length);
  const label = (item: Item, i: number) => `Q${i + 1}. ${item.prompt.length > 60 ? `${item.prompt.slice(0, 59)}…` : item.prompt}`;
  // Variants of one family side by side: the family's items together, in the order the first one appears.
  const groups: { family: string | null; items: { item: Item; at: number }[] }[] = [];
  data.items.forEach((item, at) => {
    const key = item.question_family_id;
    const group = key ? groups.find((g) => g.items[0].item.question_family_id === key) : undefined;
    if (group) group.items.push({ item, at });
    else groups.push({ family: key ? item.question_family_name : null, items: [{ item, at }] });
  });
  return (
    <div className="space-y-4">
      <ChartFigure
        title="Facility per question"
        summary={`${data.attempts} attempts. ${flagged.length ? `${flagged.length} of ${data.items.length} questions are flagged.` : "No question is flagged."}`}
        table={{
          header: ["Question", "Answered", "Facility", "Discrimination", "Flags"],
          rows: data.items.map((item, i) => [
            label(item, i),
            item.answered,
            share(item.facility),
            decimal(item.discrimination),
            item.flags.map((f) => FLAG_WORDS[f] ?? f).join(", "),
          ]),
        }}
        filename="item-analysis"
      >
        <BarChart
          orientation="horizontal"
          bars={data.items.map((item, i) => ({ label: label(item, i), value: Math.round((item.facility ?? 0) * 100) }))}
          format={(n) => `${n} %`}
        />
      </ChartFigure>
      <ol className="space-y-3" aria-label="Questions">
        {groups.map((group, g) => (
          <li key={g} className="space-y-2">
            {group.family ? <h2 className="text-sm font-semibold text-slate-700">Family: {group.family}</h2> : null}
            <div className={group.items.length > 1 ? "grid gap-3 md:grid-cols-2" : ""}>
              {group.items.map(({ item, at }) => (
                <article
                  key={item.question_id}
                  aria-label={`Question ${at + 1}`}
                  className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  <p className="font-medium wrap-anywhere">
                    Q{at + 1}. {item.prompt}
                  </p>
                  <p className="mt-1 text-slate-600">
                    {item.answered} answered · facility {share(item.facility)} · discrimination {decimal(item.discrimination)}
                  </p>
                  {item.flags.length ? (
                    <p className="mt-1 flex flex-wrap items-center gap-2">
                      <FlagBadges flags={item.flags} />
                      <Link href={`/projects/${projectId}/questions?edit=${item.question_id}`} className="text-brand-700 underline">
                        Edit in the question bank
                      </Link>
                    </p>
                  ) : null}
                  <OptionShares options={item.options} caption={`How often each option of question ${at + 1} was chosen`} />
                </article>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** An item's flags as badges. */
export function FlagBadges({ flags }: { flags: string[] }) {
  return flags.map((f) => (
    <span key={f} className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      {FLAG_WORDS[f] ?? f}
    </span>
  ));
}

/** How often each option of a question was chosen, the correct ones marked. */
export function OptionShares({ options, caption }: { options: Item["options"]; caption: string }) {
  return (
    <table className="mt-2 w-full text-left text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-slate-500">
          <th scope="col" className="py-1 font-medium">
            Option
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Chosen by
          </th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={o.option_id} className="border-t border-slate-100">
            <th scope="row" className="py-1 font-normal wrap-anywhere">
              {o.label}
              {o.is_correct ? <span className="ml-1 text-emerald-700">(correct)</span> : null}
            </th>
            <td className="py-1 text-right tabular-nums">{share(o.chosen_share)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Which attempts a report counts: each learner's first (the default) or all. */
export function AttemptsSelect({ value, onChange }: { value: Attempts; onChange: (value: Attempts) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        Attempts
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as Attempts)}
        className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        <option value="first">First per learner</option>
        <option value="all">All</option>
      </select>
    </div>
  );
}
