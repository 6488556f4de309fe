"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { proposalsApi } from "@/lib/client/api";
import { formatTime } from "./format";
import type { ProposalDto } from "./queries";

const readEngagement = (uuid: string) =>
  proposalsApi.GET("/v3/proposals/{uuid}/engagement", { params: { path: { uuid } } }).then((r) => r.data);
type Engagement = NonNullable<Awaited<ReturnType<typeof readEngagement>>>;

const seconds = (n: number) => (n < 90 ? `${Math.round(n)} s` : `${(n / 60).toLocaleString("en", { maximumFractionDigits: 1 })} min`);

/**
 * What the customer read (issue 42): each view of the customer's page (when, how long, phone or
 * desktop), seconds per block as bars, the choices they changed, and the engagement score with its
 * formula. Members' previews are never counted (docs/decisions/064).
 */
export function EngagementPanel({ proposal }: { proposal: ProposalDto }) {
  const headingId = useId();
  const engagement = useQuery({
    queryKey: ["proposals", proposal.uuid, "engagement"],
    queryFn: () => readEngagement(proposal.uuid),
    refetchInterval: 30_000,
  });
  if (proposal.status === "draft" || proposal.status === "template") return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        What the customer read
      </h2>
      {engagement.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : engagement.isError ? (
        <p className="text-sm text-red-700">Could not load it: {engagement.error.message}</p>
      ) : engagement.data.views.length === 0 ? (
        <p className="text-sm text-slate-600">The customer has not opened this version yet.</p>
      ) : (
        <EngagementFigures data={engagement.data} title={proposal.title} />
      )}
    </section>
  );
}

function EngagementFigures({ data, title }: { data: Engagement; title: string }) {
  const most = data.blocks.reduce((a, b) => (b.seconds > a.seconds ? b : a), data.blocks[0]);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm">
        <p>
          <span className="text-2xl font-semibold tabular-nums">{data.score}</span>
          <span className="text-slate-600"> / 100 engagement</span>
        </p>
        <p className="text-slate-600">
          {data.views.length} {data.views.length === 1 ? "view" : "views"}, {seconds(data.total_seconds)} on screen
        </p>
      </div>
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">How the score is made</summary>
        <p className="mt-1">{data.score_formula}</p>
      </details>
      <ChartFigure
        title="Time per block"
        summary={
          most && most.seconds > 0
            ? `Most time on “${most.title || "Untitled"}” (${seconds(most.seconds)}); ${data.blocks.filter((b) => b.seconds > 0).length} of ${data.blocks.length} blocks seen.`
            : "No block was on screen long enough to count."
        }
        table={{ header: ["Block", "Seconds"], rows: data.blocks.map((b) => [b.title || "Untitled", Math.round(b.seconds)]) }}
        filename={`engagement-${title}`}
      >
        <BarChart
          orientation="horizontal"
          bars={data.blocks.map((b) => ({ label: b.title || "Untitled", value: Math.round(b.seconds) }))}
          format={(n) => `${n} s`}
        />
      </ChartFigure>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Views</h3>
        <ol className="mt-1 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white text-sm" aria-label="Views">
          {data.views.map((v) => (
            <li key={v.view_id} className="flex flex-wrap justify-between gap-2 px-3 py-1.5">
              <span>{formatTime(v.at)}</span>
              <span className="text-slate-600">
                {seconds(v.seconds)} · {v.device === "phone" ? "Phone" : "Desktop"}
              </span>
            </li>
          ))}
        </ol>
      </div>
      {data.choices_changed.length ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Choices the customer changed</h3>
          <ul className="mt-1 space-y-1 text-sm" aria-label="Choices changed">
            {data.choices_changed.map((c, i) => (
              <li key={i}>
                {formatTime(c.at)}: {c.summary}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
