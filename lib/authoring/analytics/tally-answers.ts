import { getDb, type Db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { markBatches } from "@/lib/jobs/mark-each";
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
/** Attempts per transaction: claimed, counted and marked together, all or nothing. */
const BATCH = 2_000;
/** Attempts per run, at most: a backlog is worked off over several runs rather than in one long one. */
const MAX_PER_RUN = 200_000;

/**
 * Adds each answer of the claimed attempts to its pattern's count (right or not, the attempt's
 * score, the options selected, the learner's first attempt at the quiz or not), in the transaction
 * that claimed them. Tally rows are written in key order, so two instances at once do not deadlock.
 */
async function countAnswers(tx: Tx, attemptIds: string[]) {
  await tx.$executeRaw`
    WITH attempts AS (
      SELECT m.quiz_id, m.score_correct, m.answers,
        NOT EXISTS (
          SELECT 1 FROM quiz_attempts b
          WHERE b.quiz_id = m.quiz_id AND b.user_id = m.user_id AND (b.created_at, b.id) < (m.created_at, m.id)
        ) AS is_first
      FROM quiz_attempts m WHERE m.id = ANY(${attemptIds}::uuid[])
    ), counted AS (
      SELECT c.quiz_id, ${answerPatternColumns}, c.is_first, count(*)::int AS n
      FROM attempts c CROSS JOIN LATERAL ${answersOfAttempt}
      WHERE e->>'question_id' IS NOT NULL
      GROUP BY c.quiz_id, 2, 3, 4, 5, c.is_first
    )
    INSERT INTO quiz_answer_tallies (quiz_id, question_id, correct, score_correct, selected, is_first, n)
    SELECT quiz_id, question_id, correct, score_correct, selected, is_first, n FROM counted
    ORDER BY quiz_id, question_id, correct, score_correct, selected, is_first
    ON CONFLICT (quiz_id, question_id, correct, score_correct, selected, is_first)
    DO UPDATE SET n = quiz_answer_tallies.n + EXCLUDED.n`;
}

/**
 * Tallies the untallied attempts older than TALLY_AFTER_SECONDS, oldest first, `batch` at a time
 * (at most `maxPerRun`), claimed and marked `tallied_at` by the one queue's batch claim
 * (lib/jobs/mark-each.ts): two instances never count an attempt twice. Answers how many it tallied.
 */
export function tallyAnswers(
  db: Db,
  { batch = BATCH, maxPerRun = MAX_PER_RUN, olderThanSeconds = TALLY_AFTER_SECONDS } = {},
): Promise<number> {
  return markBatches(
    db,
    {
      what: "answer tally",
      table: "quiz_attempts",
      marker: "tallied_at",
      due: Prisma.sql`q.created_at < now() - make_interval(secs => ${olderThanSeconds}::float8)`,
      order: Prisma.sql`q.created_at, q.id`,
      batch,
      maxPerRun,
      handle: countAnswers,
    },
    new Date(),
  );
}

/** The tally as background work (lib/jobs/kinds.ts): every ANSWER_TALLY_MS, once between all instances. */
export const answerTally: Schedule = {
  name: "answer-tally",
  everyMs: () => env("ANSWER_TALLY_MS"),
  run: async () => tallyAnswers(await getDb()),
};
