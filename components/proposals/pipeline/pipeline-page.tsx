"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DateRangeFields, REPORT_INPUT, ReportField, ReportFigure } from "@/components/charts/report-controls";
import { Alert } from "@/components/ui/alert";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { proposalsApi } from "@/lib/client/api";
import type { PipelineDto } from "@/lib/client/types";
import { formatMoney } from "@/lib/proposals/public/presentation";
import { CompanyGate } from "../company-gate";
import { useCompanyMembers } from "../members/queries";
import type { CompanyDto } from "../queries";

type Interval = "week" | "month";

const DAY = 86_400;
const isoDay = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
const unixOf = (day: string, end = false) => Math.floor(new Date(`${day}T${end ? "23:59:59" : "00:00:00"}Z`).getTime() / 1000);

/** /proposals/pipeline: the selected company's proposals sent, read, won and lost over time (issue 42). */
export function PipelinePage() {
  return <CompanyGate>{(company) => <Pipeline key={company.id} company={company} />}</CompanyGate>;
}

function Pipeline({ company }: { company: CompanyDto }) {
  const [today] = useState(() => Math.floor(Date.now() / 1000));
  const [from, setFrom] = useState(() => isoDay(today - 365 * DAY));
  const [to, setTo] = useState(() => isoDay(today));
  const [interval, setPeriod] = useState<Interval>("month");
  const [person, setPerson] = useState("");
  const [language, setLanguage] = useState("");
  const members = useCompanyMembers(company.id);
  const query = {
    from: unixOf(from),
    to: unixOf(to, true),
    interval,
    ...(person ? { user_id: person } : {}),
    ...(/^[a-z]{2}$/i.test(language) ? { language: language.toLowerCase() } : {}),
  };
  const pipeline = useQuery({
    queryKey: ["companies", company.id, "pipeline", query],
    queryFn: () =>
      proposalsApi.GET("/v3/companies/{companyId}/pipeline", { params: { path: { companyId: company.id }, query } }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
  const periodLabel = (start: number) =>
    interval === "month"
      ? new Date(start * 1000).toLocaleDateString("en", { month: "short", year: "2-digit", timeZone: "UTC" })
      : `w/c ${new Date(start * 1000).toLocaleDateString("en", { day: "numeric", month: "short", timeZone: "UTC" })}`;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Pipeline of {company.name}</h1>
        <p className="text-sm text-slate-600">
          Each series counts once, as its newest sent version. Values are without tax, in {company.currency}.
        </p>
      </div>
      <form aria-label="Pipeline filters" className="grid grid-cols-2 gap-3 sm:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
        <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <ReportField label="Per">
          {(id) => (
            <select id={id} value={interval} onChange={(e) => setPeriod(e.target.value as Interval)} className={REPORT_INPUT}>
              <option value="month">Month</option>
              <option value="week">Week</option>
            </select>
          )}
        </ReportField>
        <ReportField label="Person">
          {(id) => (
            <select id={id} value={person} onChange={(e) => setPerson(e.target.value)} className={REPORT_INPUT}>
              <option value="">Everyone</option>
              {(members.data?.members ?? []).map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </ReportField>
        <ReportField label="Language">
          {(id) => (
            <input
              id={id}
              value={language}
              maxLength={2}
              placeholder="Any"
              onChange={(e) => setLanguage(e.target.value.trim())}
              className={REPORT_INPUT}
            />
          )}
        </ReportField>
      </form>
      {pipeline.isPending ? (
        <LoadingPlaceholder label="Loading the pipeline" />
      ) : pipeline.isError ? (
        <Alert>Could not load the pipeline: {pipeline.error.message}</Alert>
      ) : (
        <PipelineFigures
          data={pipeline.data}
          currency={company.currency}
          periodLabel={periodLabel}
          filename={`pipeline-${company.name}-${from}-${to}`}
        />
      )}
    </div>
  );
}

function PipelineFigures({
  data,
  currency,
  periodLabel,
  filename,
}: {
  data: PipelineDto;
  currency: string;
  periodLabel: (start: number) => string;
  filename: string;
}) {
  const money = (n: number) => formatMoney(n, currency, "en");
  const totals = data.series.reduce(
    (t, p) => ({ sent: t.sent + p.sent, accepted: t.accepted + p.accepted, value: t.value + p.accepted_value_without_tax }),
    { sent: 0, accepted: 0, value: 0 },
  );
  const table = {
    header: ["Period", "Sent", "Viewed", "Accepted", "Declined", "Expired", `Accepted value (${currency})`],
    rows: data.series.map((p) => [
      isoDay(p.period_start),
      p.sent,
      p.viewed,
      p.accepted,
      p.rejected,
      p.expired,
      p.accepted_value_without_tax,
    ]),
  };
  const busiest = data.series.reduce((a, b) => (b.sent > a.sent ? b : a), data.series[0]);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <ReportFigure
          label="Win rate"
          value={data.win_rate === null ? "–" : `${Math.round(data.win_rate * 100)} %`}
          note="Accepted of those answered or expired"
        />
        <ReportFigure
          label="Median days to an answer"
          value={data.median_days_to_answer === null ? "–" : data.median_days_to_answer.toLocaleString("en", { maximumFractionDigits: 1 })}
          note="From sending to accepted or declined"
        />
        <ReportFigure
          label="Open value expiring in 14 days"
          value={money(data.open_value_expiring_14_days)}
          note="Sent, unanswered, expiring soon"
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          title="Sent and accepted"
          summary={`${totals.sent} proposals sent and ${totals.accepted} accepted in ${data.series.length} periods${
            busiest && busiest.sent ? `; most sent in ${periodLabel(busiest.period_start)} (${busiest.sent})` : ""
          }. Light bars: sent; dark bars: accepted.`}
          table={table}
          filename={filename}
        >
          <BarChart bars={data.series.map((p) => ({ label: periodLabel(p.period_start), value: p.accepted, behind: p.sent }))} />
        </ChartFigure>
        <ChartFigure
          title="Accepted value"
          summary={`${money(totals.value)} accepted without tax in the range.`}
          table={table}
          filename={filename}
        >
          <BarChart
            bars={data.series.map((p) => ({ label: periodLabel(p.period_start), value: p.accepted_value_without_tax }))}
            format={(n) => n.toLocaleString("en", { notation: "compact" })}
          />
        </ChartFigure>
      </div>
    </div>
  );
}
