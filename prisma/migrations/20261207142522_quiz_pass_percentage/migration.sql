-- AlterTable
ALTER TABLE "quizzes" ADD COLUMN     "pass_percentage" SMALLINT NOT NULL DEFAULT 70;
