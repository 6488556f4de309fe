/**
 * A company's sales pipeline (issue 42): per week or month of a range, how many proposals were
 * sent, first viewed, accepted, rejected and expired, and the value won; over the range, the win
 * rate and the median days to an answer; and the value of open proposals expiring in 14 days.
 *
 * What counts, decided here once:
 * - Each proposal series once, as its newest sent version (the highest sent_at; a version sent
 *   before it, since replaced, does not count). Templates and test proposals (is_test) never count.
 * - Each figure by its own moment: sent by sent_at, viewed by recipient_first_viewed_at,
 *   accepted and rejected by status_changed_at with that status, expired by expires_at of an
 *   active proposal whose expiry has passed (the stored statuses have no `expired`: it is read).
 *   A moment counts when it lies in [from, to), in the period (ISO week or UTC month) holding it.
 * - Money only of proposals in the company's currency, as value_without_tax
 *   (../values/proposal-values-sql.ts, equal to the read model's). Won value is the value at the
 *   acceptance, kept then (./accepted-value.ts): a later change of the company's tax settings does
 *   not rewrite what was won. Proposals accepted before that was kept are valued from their blocks.
 * - Archived proposals count: archiving hides a proposal from lists, it does not undo its history.
 *
 * Everything is added up in one SQL statement: nothing per proposal reaches the app.
 */
import { dateRange, type DateRange } from "@/lib/api/date-range";
import { validationError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import { queryRows, type Db, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { currencyFractionDigits, toMajorUnits } from "../values/proposal-values";
import { valueWithoutTaxMinorSql } from "../values/proposal-values-sql";
import { periodsOf } from "./periods";
import type { PipelineDto, PipelineInterval, PipelinePeriodDto, PipelineQuery } from "./schemas";

const DAY_MS = 86_400_000;
/** open_value_expiring_14_days looks this far ahead. */
const EXPIRING_WITHIN_MS = 14 * DAY_MS;

export type PipelineCompany = { id: number; currency: string; taxMode: string };

type PeriodRow = {
  period_start: number;
  sent: number;
  viewed: number;
  accepted: number;
  rejected: number;
  expired: number;
  accepted_value_minor: string;
};

type PipelineRow = { periods: PeriodRow[]; median_seconds: number | null; open_value_minor: string };

type Filters = { userId?: string; language?: string };

export function pipelineSql(
  company: PipelineCompany,
  range: DateRange,
  interval: PipelineInterval,
  filters: Filters,
  now: Date,
): Prisma.Sql {
  const from = Prisma.sql`${range.from}::timestamptz`;
  const to = Prisma.sql`${range.to}::timestamptz`;
  const at = Prisma.sql`${now}::timestamptz`;
  const soon = Prisma.sql`${new Date(now.getTime() + EXPIRING_WITHIN_MS)}::timestamptz`;
  const inRange = (moment: Prisma.Sql) => Prisma.sql`(${moment} >= ${from} AND ${moment} < ${to})`;
  const value = valueWithoutTaxMinorSql({
    blocks: Prisma.sql`q.blocks`,
    taxOptions: Prisma.sql`q.tax_options`,
    companyTaxMode: Prisma.sql`${company.taxMode}::text`,
    fractionDigits: currencyFractionDigits(company.currency),
  });
  const byUser = filters.userId ? Prisma.sql`AND l.creator_user_id = ${filters.userId}::uuid` : Prisma.empty;
  const byLanguage = filters.language ? Prisma.sql`AND l.language = ${filters.language}` : Prisma.empty;
  const liveValue = Prisma.sql`(SELECT ${value} FROM proposals q WHERE q.id = f.id)`;
  const period = (moment: Prisma.Sql) => Prisma.sql`date_trunc(${interval}::text, ${moment}, 'UTC')`;
  // One kind of event: its count (and value) per period, of the moments in the range alone.
  const counted = (kind: string, moment: Prisma.Sql, valueMinor: Prisma.Sql = Prisma.sql`NULL::numeric`) => Prisma.sql`
      SELECT ${kind}::text AS kind, ${period(moment)} AS period, count(*)::int AS n, sum(${valueMinor}) AS value_minor
      FROM valued v WHERE ${inRange(moment)} GROUP BY 2`;
  // The newest sent version of each series, narrow (no JSON columns): the sort covers every sent series of the company.
  return Prisma.sql`
    WITH latest AS (
      SELECT DISTINCT ON (p.series_id)
        p.id, p.status::text AS status, p.sent_at, p.status_changed_at, p.expires_at, p.recipient_first_viewed_at,
        p.currency, p.creator_user_id, p.language, p.accepted_value_minor
      FROM proposals p
      WHERE p.company_id = ${company.id} AND p.sent_at IS NOT NULL AND p.status <> 'template' AND NOT p.is_test
      ORDER BY p.series_id, p.sent_at DESC, p.version DESC
    ),
    facts AS (
      SELECT
        l.id,
        l.sent_at,
        l.recipient_first_viewed_at AS viewed_at,
        CASE WHEN l.status = 'accepted' THEN l.status_changed_at END AS accepted_at,
        CASE WHEN l.status = 'rejected' THEN l.status_changed_at END AS rejected_at,
        CASE WHEN l.status = 'active' AND l.expires_at <= ${at} THEN l.expires_at END AS expired_at,
        (l.status = 'active' AND l.expires_at > ${at} AND l.expires_at <= ${soon}) AS is_expiring_soon,
        l.currency = ${company.currency} AS is_company_currency,
        l.accepted_value_minor
      FROM latest l
      WHERE TRUE ${byUser} ${byLanguage}
    ),
    valued AS (
      -- Values only where a money figure needs one: the value kept at acceptance (./accepted-value.ts),
      -- else computed from the blocks of those proposals alone.
      SELECT f.id, f.sent_at, f.viewed_at, f.accepted_at, f.rejected_at, f.expired_at, f.is_expiring_soon,
        CASE
          WHEN f.is_company_currency AND ${inRange(Prisma.sql`f.accepted_at`)} THEN coalesce(f.accepted_value_minor, ${liveValue})
          WHEN f.is_company_currency AND f.is_expiring_soon THEN ${liveValue}
        END AS value_minor
      FROM facts f
    ),
    counts AS (${counted("sent", Prisma.sql`v.sent_at`)}
      UNION ALL ${counted("viewed", Prisma.sql`v.viewed_at`)}
      UNION ALL ${counted("accepted", Prisma.sql`v.accepted_at`, Prisma.sql`v.value_minor`)}
      UNION ALL ${counted("rejected", Prisma.sql`v.rejected_at`)}
      UNION ALL ${counted("expired", Prisma.sql`v.expired_at`)}
    )
    SELECT
      coalesce((
        SELECT json_agg(g ORDER BY g.period_start)
        FROM (
          SELECT
            extract(epoch FROM c.period)::float8 AS period_start,
            coalesce(sum(c.n) FILTER (WHERE c.kind = 'sent'), 0)::int AS sent,
            coalesce(sum(c.n) FILTER (WHERE c.kind = 'viewed'), 0)::int AS viewed,
            coalesce(sum(c.n) FILTER (WHERE c.kind = 'accepted'), 0)::int AS accepted,
            coalesce(sum(c.n) FILTER (WHERE c.kind = 'rejected'), 0)::int AS rejected,
            coalesce(sum(c.n) FILTER (WHERE c.kind = 'expired'), 0)::int AS expired,
            coalesce(sum(c.value_minor) FILTER (WHERE c.kind = 'accepted'), 0)::text AS accepted_value_minor
          FROM counts c
          GROUP BY c.period
        ) AS g
      ), '[]'::json) AS periods,
      (
        SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM coalesce(v.accepted_at, v.rejected_at) - v.sent_at))
        FROM valued v
        WHERE ${inRange(Prisma.sql`coalesce(v.accepted_at, v.rejected_at)`)}
      )::float8 AS median_seconds,
      (SELECT coalesce(sum(v.value_minor), 0)::text FROM valued v WHERE v.is_expiring_soon) AS open_value_minor`;
}

/** Refuses (400, naming user_id) a user who is not a member of the company; a former (disabled) member's proposals still count. */
async function assertCompanyUser(tx: Tx, companyId: number, userId: string) {
  const member = await tx.companyMember.findUnique({ where: { companyId_userId: { companyId, userId } }, select: { userId: true } });
  if (!member) throw validationError([{ path: "user_id", message: "Not a member of this company" }]);
}

export async function getPipeline(db: Db, company: PipelineCompany, query: PipelineQuery, clock = new Date()): Promise<PipelineDto> {
  // Whole seconds, so that the range answered is the range counted.
  const now = new Date(Math.floor(clock.getTime() / 1000) * 1000);
  const range = dateRange(query, now);
  if (query.user_id) await assertCompanyUser(db, company.id, query.user_id);

  const [row] = await queryRows<PipelineRow>(
    db,
    pipelineSql(company, range, query.interval, { userId: query.user_id, language: query.language }, now),
  );
  const digits = currencyFractionDigits(company.currency);
  const money = (minor: string) => toMajorUnits(BigInt(minor), digits);

  const found = new Map(row.periods.map((p) => [p.period_start, p]));
  const series: PipelinePeriodDto[] = periodsOf(range, query.interval).map((start) => {
    const p = found.get(toUnix(start));
    return {
      period_start: toUnix(start),
      sent: p?.sent ?? 0,
      viewed: p?.viewed ?? 0,
      accepted: p?.accepted ?? 0,
      rejected: p?.rejected ?? 0,
      expired: p?.expired ?? 0,
      accepted_value_without_tax: p ? money(p.accepted_value_minor) : 0,
    };
  });

  const total = (key: "accepted" | "rejected" | "expired") => series.reduce((sum, p) => sum + p[key], 0);
  const closed = total("accepted") + total("rejected") + total("expired");
  return {
    range: { from: toUnix(range.from), to: toUnix(range.to) },
    interval: query.interval,
    currency: company.currency,
    series,
    win_rate: closed === 0 ? null : total("accepted") / closed,
    median_days_to_answer: row.median_seconds === null ? null : Math.round((row.median_seconds / 86_400) * 100) / 100,
    open_value_expiring_14_days: money(row.open_value_minor),
  };
}
