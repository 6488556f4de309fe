import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Schedule } from "@/lib/jobs/schedule";
import { answerPatternColumns, answersOfAttempt } from "./analytics-sql";

/*
 * The answers of quiz attempts, counted by pattern into quiz_answer_tallies (docs/decisions/065):
 * the item analysis then adds up a few hundred rows per question instead of unnesting every
 * attempt's answers (100,000 attempts of 50 questions: 5,000,000 answers, 4 s). It reads the
 * attempts not yet tallied itself, so its figures are exact whether or not this has run.
 */

/** Attempts are tallied once this old: every earlier attempt of the same learner has committed by then, so `is_first` holds. */
export const TALLY_AFTER_SECONDS = 60;
/** Attempts per statement: one statement marks them and adds their answers, all or nothing. */
const BATCH = 2_000;
/** Batches per run, at most: a backlog is worked off over several runs rather than in one long one. */
const MAX_BATCHES = 100;

/**
 * Tallies up to `batch` of the oldest untallied attempts, older than TALLY_AFTER_SECONDS, in one
 * statement: marks them `tallied` and adds each answer to its pattern's count (right or not, the
 * attempt's score, the options selected, the learner's first attempt at the quiz or not). Rows
 * another instance is tallying are skipped, and tally rows are written in key order, so two runs
 * at once neither count an attempt twice nor deadlock. Answers how many attempts it tallied.
 */
export async function tallyAnswers(db: Db, { batch = BATCH, olderThanSeconds = TALLY_AFTER_SECONDS } = {}): Promise<number> {
  const [row] = await db.$queryRaw<{ tallied: number }[]>`
    WITH taken AS (
      SELECT id FROM quiz_attempts
      WHERE NOT tallied AND created_at < now() - make_interval(secs => ${olderThanSeconds}::float8)
      ORDER BY created_at LIMIT ${batch}::int FOR UPDATE SKIP LOCKED
    ), marked AS (
      UPDATE quiz_attempts a SET tallied = true FROM taken WHERE a.id = taken.id
      RETURNING a.id, a.quiz_id, a.user_id, a.score_correct, a.answers, a.created_at
    ), attempts AS (
      SELECT m.quiz_id, m.score_correct, m.answers,
        NOT EXISTS (
          SELECT 1 FROM quiz_attempts b
          WHERE b.quiz_id = m.quiz_id AND b.user_id = m.user_id AND (b.created_at, b.id) < (m.created_at, m.id)
        ) AS is_first
      FROM marked m
    ), counted AS (
      SELECT c.quiz_id, ${answerPatternColumns}, c.is_first, count(*)::int AS n
      FROM attempts c CROSS JOIN LATERAL ${answersOfAttempt}
      WHERE e->>'question_id' IS NOT NULL
      GROUP BY c.quiz_id, 2, 3, 4, 5, c.is_first
    ), added AS (
      INSERT INTO quiz_answer_tallies (quiz_id, question_id, correct, score_correct, selected, is_first, n)
      SELECT quiz_id, question_id, correct, score_correct, selected, is_first, n FROM counted
      ORDER BY quiz_id, question_id, correct, score_correct, selected, is_first
      ON CONFLICT (quiz_id, question_id, correct, score_correct, selected, is_first)
      DO UPDATE SET n = quiz_answer_tallies.n + EXCLUDED.n
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM marked)::int AS tallied, (SELECT count(*) FROM added)::int AS patterns`;
  return row.tallied;
}

/** Tallies batch after batch until none is left or MAX_BATCHES ran; answers how many attempts it tallied. */
export async function tallyAllAnswers(db?: Db, options?: { olderThanSeconds?: number }): Promise<number> {
  const conn = db ?? (await getDb());
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const tallied = await tallyAnswers(conn, options);
    total += tallied;
    if (tallied < BATCH) break;
  }
  return total;
}

/** The tally as background work (lib/jobs/kinds.ts): every ANSWER_TALLY_MS, once between all instances. */
export const answerTally: Schedule = {
  name: "answer-tally",
  everyMs: () => env("ANSWER_TALLY_MS"),
  run: () => tallyAllAnswers(),
};
