-- AlterTable
ALTER TABLE "quiz_attempts" ADD COLUMN     "tallied_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "quiz_answer_tallies" (
    "quiz_id" UUID NOT NULL,
    "question_id" TEXT NOT NULL,
    "correct" SMALLINT NOT NULL,
    "score_correct" INTEGER NOT NULL,
    "selected" TEXT NOT NULL,
    "is_first" BOOLEAN NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "quiz_answer_tallies_pkey" PRIMARY KEY ("quiz_id","question_id","correct","score_correct","selected","is_first")
);

-- AddForeignKey
ALTER TABLE "quiz_answer_tallies" ADD CONSTRAINT "quiz_answer_tallies_quiz_id_fkey" FOREIGN KEY ("quiz_id") REFERENCES "quizzes"("id") ON DELETE CASCADE ON UPDATE CASCADE;
