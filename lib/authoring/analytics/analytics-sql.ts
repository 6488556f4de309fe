import type { DateRange } from "@/lib/api/date-range";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { HISTOGRAM_BANDS, type AttemptsModeValue } from "./schemas";

/*
 * The analytics' statements (issue 42; the counting rules: docs/decisions/065). Raw SQL for a kind
 * of work decision 057 does not list, aggregates over many rows: the database reads every progress
 * row and attempt of a course and sends back a few numbers per lesson, quiz and question, never the
 * attempts themselves, so 100,000 attempts cost one scan. Values go in as parameters; ranges are
 * half-open, [from, to).
 */

/** What the statements read of an attempt, besides its answers: narrow rows sort fast. */
const ATTEMPT = Prisma.sql`a.id, a.quiz_id, a.user_id, a.score_correct, a.percentage, a.created_at`;

/**
 * The attempts of the quizzes that count: every one, or each learner's first at each quiz (first
 * ever, before any range applies), picked from narrow rows.
 */
function countedAttemptsSql(quizIds: string[], mode: AttemptsModeValue) {
  const ofQuizzes = Prisma.sql`a.quiz_id = ANY(${quizIds}::uuid[])`;
  if (mode === "all") return Prisma.sql`SELECT ${ATTEMPT} FROM quiz_attempts a WHERE ${ofQuizzes}`;
  return Prisma.sql`SELECT DISTINCT ON (a.quiz_id, a.user_id) ${ATTEMPT} FROM quiz_attempts a WHERE ${ofQuizzes}
    ORDER BY a.quiz_id, a.user_id, a.created_at, a.id`;
}

/** How many attempts count: with first attempts, one per learner who made any. */
function countedAttemptCountSql(quizId: string, mode: AttemptsModeValue) {
  const count = mode === "all" ? Prisma.sql`count(*)` : Prisma.sql`count(DISTINCT a.user_id)`;
  return Prisma.sql`SELECT ${count} FROM quiz_attempts a WHERE a.quiz_id = ${quizId}::uuid`;
}

const inRange = (column: Prisma.Sql, range: DateRange) =>
  Prisma.sql`(${column} >= ${range.from}::timestamptz AND ${column} < ${range.to}::timestamptz)`;

export type LessonCounts = { lesson_id: string; started: number; completed: number };
export type ProgressFigures = {
  started: number;
  completed: number;
  median_seconds: number | null;
  lessons: LessonCounts[];
};

/**
 * The course's funnel over its published lessons (`lessonIds`, all of them): per lesson, the
 * progress rows started and completed within the range; per learner, whether they started within
 * it (a row started there) and completed the course within it (every lesson complete, the last
 * completion there), with the median time from their first start to their last completion.
 */
export async function progressFigures(db: Tx, lessonIds: string[], range: DateRange): Promise<ProgressFigures> {
  const started = inRange(Prisma.sql`started_at`, range);
  const completed = inRange(Prisma.sql`completed_at`, range);
  const [row] = await db.$queryRaw<{ started: number; completed: number; median_seconds: number | null; lessons: string }[]>`
    WITH progress AS (
      SELECT user_id, lesson_id, started_at, completed_at, ${started} AS started_in, coalesce(${completed}, false) AS completed_in
      FROM lesson_progress WHERE lesson_id = ANY(${lessonIds}::uuid[])
    ), per_lesson AS (
      SELECT lesson_id, count(*) FILTER (WHERE started_in)::int AS started, count(*) FILTER (WHERE completed_in)::int AS completed
      FROM progress GROUP BY lesson_id
    ), per_learner AS (
      SELECT user_id, bool_or(started_in) AS started_in, count(completed_at) AS completed_lessons,
        min(started_at) AS first_started, max(completed_at) AS last_completed
      FROM progress GROUP BY user_id
    ), finished AS (
      SELECT greatest(0, extract(epoch FROM last_completed - first_started))::float8 AS seconds
      FROM per_learner
      WHERE completed_lessons = ${lessonIds.length}::int AND ${inRange(Prisma.sql`last_completed`, range)}
    )
    SELECT
      (SELECT count(*) FROM per_learner WHERE started_in)::int AS started,
      (SELECT count(*) FROM finished)::int AS completed,
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM finished)::float8 AS median_seconds,
      (SELECT coalesce(json_agg(per_lesson), '[]') FROM per_lesson)::text AS lessons`;
  return { ...row, lessons: JSON.parse(row.lessons) as LessonCounts[] };
}

export type QuizFigures = {
  quiz_id: string;
  attempts: number;
  learners: number;
  mean_percentage: number | null;
  pass_rate: number | null;
  histogram: number[];
};

/**
 * Per quiz, its counted attempts made within the range: how many, by how many learners, their mean
 * percentage, the share at or above the pass mark, and how many fell in each band of 10 points.
 * Quizzes without counted attempts are absent.
 */
export async function quizFigures(
  db: Tx,
  quizIds: string[],
  { range, mode, passMark }: { range: DateRange; mode: AttemptsModeValue; passMark: number },
): Promise<QuizFigures[]> {
  if (quizIds.length === 0) return [];
  const rows = await db.$queryRaw<(Omit<QuizFigures, "histogram"> & { histogram: string })[]>`
    WITH counted AS (
      SELECT c.quiz_id, c.user_id, c.percentage,
        least(floor(c.percentage / 10)::int, ${HISTOGRAM_BANDS - 1}::int) AS band
      FROM (${countedAttemptsSql(quizIds, mode)}) c
      WHERE ${inRange(Prisma.sql`c.created_at`, range)}
    ), bands AS (
      SELECT quiz_id, band, count(*)::int AS n FROM counted GROUP BY quiz_id, band
    )
    SELECT c.quiz_id::text AS quiz_id, count(*)::int AS attempts, count(DISTINCT c.user_id)::int AS learners,
      avg(c.percentage)::float8 AS mean_percentage,
      avg(CASE WHEN c.percentage >= ${passMark}::float8 THEN 1.0 ELSE 0.0 END::float8) AS pass_rate,
      (SELECT json_object_agg(b.band, b.n) FROM bands b WHERE b.quiz_id = c.quiz_id)::text AS histogram
    FROM counted c GROUP BY c.quiz_id`;
  return rows.map((row) => {
    const bands = JSON.parse(row.histogram) as Record<string, number>;
    return { ...row, histogram: Array.from({ length: HISTOGRAM_BANDS }, (_, i) => bands[i] ?? 0) };
  });
}

export type ItemFigures = {
  question_id: string;
  answered: number;
  facility: number | null;
  discrimination: number | null;
  /** Answers selecting each option, by option id. */
  chosen: Record<string, number>;
};

/** Fewer answers than this give no discrimination: a correlation over so few says nothing. */
export const MIN_ANSWERS_FOR_DISCRIMINATION = 5;

/** The answers stored with an attempt `c` (quiz_attempts.answers, one element per question as scoring wrote it), one row `e` each. */
export const answersOfAttempt = Prisma.sql`jsonb_array_elements(CASE WHEN jsonb_typeof(c.answers) = 'array' THEN c.answers ELSE '[]'::jsonb END) e`;

/**
 * What an answer `e` of attempt `c` is counted by: its question, right (1) or not (0), the
 * attempt's score, and the options selected (the stored JSON array as text: jsonb writes it one
 * way only). The columns of quiz_answer_tallies.
 */
export const answerPatternColumns = Prisma.sql`e->>'question_id' AS question_id,
  CASE WHEN e->>'is_correct' = 'true' THEN 1 ELSE 0 END AS correct, c.score_correct AS score_correct,
  coalesce(e->'selected_option_ids', '[]'::jsonb)::text AS selected`;

/** The quiz's counted attempts not yet tallied (./tally-answers.ts), with their answers: `first` as countedAttemptsSql picks them. */
function untalliedAttemptsSql(quizId: string, mode: AttemptsModeValue) {
  const first =
    mode === "all"
      ? Prisma.empty
      : Prisma.sql`AND NOT EXISTS (SELECT 1 FROM quiz_attempts b
          WHERE b.quiz_id = a.quiz_id AND b.user_id = a.user_id AND (b.created_at, b.id) < (a.created_at, a.id))`;
  return Prisma.sql`SELECT a.score_correct, a.answers FROM quiz_attempts a WHERE a.quiz_id = ${quizId}::uuid AND a.tallied_at IS NULL ${first}`;
}

/**
 * Per question of a quiz (`questionIds`), over its counted attempts: how many attempts include the
 * question, the share right, the corrected point-biserial (the correlation of the item, 1 or 0,
 * with the attempt's score without it; NULL when either has no variance, as PostgreSQL's `corr`)
 * and how often each option was selected.
 *
 * The answers come counted by pattern (question, right or not, score, selection): the tallied
 * attempts' from quiz_answer_tallies, the others' (the last minute's, or all before the tally has
 * run) unnested here, and the two added up. The figures come from those few rows per question, the
 * correlation from sums weighted by each pattern's count, never from the attempts one by one.
 */
export async function itemFigures(
  db: Tx,
  quizId: string,
  questionIds: string[],
  mode: AttemptsModeValue,
): Promise<{ attempts: number; items: ItemFigures[] }> {
  const firstOnly = mode === "all" ? Prisma.empty : Prisma.sql`AND t.is_first`;
  const [row] = await db.$queryRaw<{ attempts: number; items: string; choices: string }[]>`
    WITH live AS (
      SELECT ${answerPatternColumns}, count(*)::int AS n
      FROM (${untalliedAttemptsSql(quizId, mode)}) c CROSS JOIN LATERAL ${answersOfAttempt}
      WHERE e->>'question_id' = ANY(${questionIds}::text[])
      GROUP BY 1, 2, 3, 4
    ), patterns AS MATERIALIZED (
      SELECT question_id, correct, score_correct, selected, sum(n)::float8 AS n
      FROM (
        SELECT t.question_id, t.correct::int AS correct, t.score_correct, t.selected, t.n
        FROM quiz_answer_tallies t
        WHERE t.quiz_id = ${quizId}::uuid AND t.question_id = ANY(${questionIds}::text[]) ${firstOnly}
        UNION ALL
        SELECT question_id, correct, score_correct, selected, n FROM live
      ) counted
      GROUP BY 1, 2, 3, 4
    ), sums AS (
      -- x: the item (1 or 0); y: the rest of the attempt's score. Sums weighted by each pattern's count.
      SELECT question_id, sum(n) AS w, sum(n * correct) AS sx, sum(n * (score_correct - correct)) AS sy,
        sum(n * correct * (score_correct - correct)) AS sxy, sum(n * correct * correct) AS sxx,
        sum(n * (score_correct - correct) * (score_correct - correct)) AS syy
      FROM patterns GROUP BY question_id
    ), items AS (
      SELECT question_id, w::int AS answered, sx / w AS facility,
        CASE WHEN w >= ${MIN_ANSWERS_FOR_DISCRIMINATION}::int AND w * sxx - sx * sx > 0 AND w * syy - sy * sy > 0
          THEN (w * sxy - sx * sy) / sqrt((w * sxx - sx * sx) * (w * syy - sy * sy)) END AS discrimination
      FROM sums
    ), choices AS (
      SELECT p.question_id, s.option_id, sum(p.n)::int AS n
      FROM patterns p CROSS JOIN LATERAL jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(p.selected::jsonb) = 'array' THEN p.selected::jsonb ELSE '[]'::jsonb END) s(option_id)
      GROUP BY p.question_id, s.option_id
    )
    SELECT (${countedAttemptCountSql(quizId, mode)})::int AS attempts,
      (SELECT coalesce(json_agg(items), '[]') FROM items)::text AS items,
      (SELECT coalesce(json_agg(choices), '[]') FROM choices)::text AS choices`;
  const chosen = new Map<string, Record<string, number>>();
  for (const choice of JSON.parse(row.choices) as { question_id: string; option_id: string; n: number }[]) {
    chosen.set(choice.question_id, { ...chosen.get(choice.question_id), [choice.option_id]: choice.n });
  }
  const items = JSON.parse(row.items) as Omit<ItemFigures, "chosen">[];
  return { attempts: row.attempts, items: items.map((item) => ({ ...item, chosen: chosen.get(item.question_id) ?? {} })) };
}
