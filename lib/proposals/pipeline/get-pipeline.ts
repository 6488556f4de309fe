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
 *   (../values/proposal-values-sql.ts, equal to the read model's).
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
  // The newest sent version of each series, narrow (no JSON columns): the sort covers every sent series of the company.
  return Prisma.sql`
    WITH latest AS (
      SELECT DISTINCT ON (p.series_id)
        p.id, p.status::text AS status, p.sent_at, p.status_changed_at, p.expires_at, p.recipient_first_viewed_at,
        p.currency, p.creator_user_id, p.language
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
        l.currency = ${company.currency} AS is_company_currency
      FROM latest l
      WHERE TRUE ${byUser} ${byLanguage}
    ),
    valued AS (
      -- Values only where a money figure needs one: the blocks of those proposals alone are read.
      SELECT f.*,
        CASE WHEN f.is_company_currency AND (${inRange(Prisma.sql`f.accepted_at`)} OR f.is_expiring_soon)
          THEN (SELECT ${value} FROM proposals q WHERE q.id = f.id) END AS value_minor
      FROM facts f
    ),
    events AS (
      SELECT e.kind, e.at, e.value_minor
      FROM valued v
      CROSS JOIN LATERAL (VALUES
        ('sent', v.sent_at, NULL::numeric),
        ('viewed', v.viewed_at, NULL),
        ('accepted', v.accepted_at, v.value_minor),
        ('rejected', v.rejected_at, NULL),
        ('expired', v.expired_at, NULL)
      ) AS e(kind, at, value_minor)
      WHERE ${inRange(Prisma.sql`e.at`)}
    )
    SELECT
      coalesce((
        SELECT json_agg(g ORDER BY g.period_start)
        FROM (
          SELECT
            extract(epoch FROM date_trunc(${interval}::text, e.at, 'UTC'))::float8 AS period_start,
            count(*) FILTER (WHERE e.kind = 'sent')::int AS sent,
            count(*) FILTER (WHERE e.kind = 'viewed')::int AS viewed,
            count(*) FILTER (WHERE e.kind = 'accepted')::int AS accepted,
            count(*) FILTER (WHERE e.kind = 'rejected')::int AS rejected,
            count(*) FILTER (WHERE e.kind = 'expired')::int AS expired,
            coalesce(sum(e.value_minor) FILTER (WHERE e.kind = 'accepted'), 0)::text AS accepted_value_minor
          FROM events e
          GROUP BY 1
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
