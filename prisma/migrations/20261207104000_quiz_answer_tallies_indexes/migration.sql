-- hand-written
-- The attempts not yet counted into quiz_answer_tallies (lib/authoring/analytics/tally-answers.ts):
-- the tally takes the oldest of them across quizzes, the item analysis reads a quiz's own. Both
-- indexes hold only those rows, so they stay small however many attempts have been tallied.
CREATE INDEX "quiz_attempts_untallied_idx" ON "quiz_attempts" ("created_at") WHERE "tallied_at" IS NULL;
CREATE INDEX "quiz_attempts_untallied_by_quiz_idx" ON "quiz_attempts" ("quiz_id") WHERE "tallied_at" IS NULL;
