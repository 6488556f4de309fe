-- CreateEnum
CREATE TYPE "ApiKeyScope" AS ENUM ('full', 'suggest');

-- CreateEnum
CREATE TYPE "ReviewAuthorKind" AS ENUM ('member', 'reviewer', 'agent');

-- CreateEnum
CREATE TYPE "CommentStatus" AS ENUM ('open', 'resolved');

-- CreateEnum
CREATE TYPE "SuggestionStatus" AS ENUM ('open', 'accepted', 'rejected');

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "scope" "ApiKeyScope" NOT NULL DEFAULT 'full';

-- CreateTable
CREATE TABLE "review_links" (
    "id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "allow_suggestions" BOOLEAN NOT NULL DEFAULT false,
    "expires_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_threads" (
    "id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "lesson_id" UUID NOT NULL,
    "block_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "quote" TEXT,
    "block_text" TEXT NOT NULL DEFAULT '',
    "status" "CommentStatus" NOT NULL DEFAULT 'open',
    "author_kind" "ReviewAuthorKind" NOT NULL,
    "author_name" TEXT NOT NULL,
    "author_user_id" UUID,
    "author_email" TEXT,
    "api_key_id" UUID,
    "review_link_id" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "comment_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_replies" (
    "id" UUID NOT NULL,
    "thread_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "author_kind" "ReviewAuthorKind" NOT NULL,
    "author_name" TEXT NOT NULL,
    "author_user_id" UUID,
    "author_email" TEXT,
    "api_key_id" UUID,
    "review_link_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_replies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "block_suggestions" (
    "id" UUID NOT NULL,
    "course_id" UUID NOT NULL,
    "lesson_id" UUID NOT NULL,
    "block_id" UUID NOT NULL,
    "content" JSONB NOT NULL,
    "base_content" JSONB,
    "base_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "note" TEXT,
    "status" "SuggestionStatus" NOT NULL DEFAULT 'open',
    "author_kind" "ReviewAuthorKind" NOT NULL,
    "author_name" TEXT NOT NULL,
    "author_user_id" UUID,
    "author_email" TEXT,
    "api_key_id" UUID,
    "review_link_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by_user_id" UUID,
    "decided_by_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "block_suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "review_links_token_key" ON "review_links"("token");

-- CreateIndex
CREATE INDEX "review_links_course_id_created_at_idx" ON "review_links"("course_id", "created_at");

-- CreateIndex
CREATE INDEX "comment_threads_course_id_created_at_idx" ON "comment_threads"("course_id", "created_at");

-- CreateIndex
CREATE INDEX "comment_threads_block_id_idx" ON "comment_threads"("block_id");

-- CreateIndex
CREATE INDEX "comment_replies_thread_id_created_at_idx" ON "comment_replies"("thread_id", "created_at");

-- CreateIndex
CREATE INDEX "block_suggestions_course_id_created_at_idx" ON "block_suggestions"("course_id", "created_at");

-- CreateIndex
CREATE INDEX "block_suggestions_block_id_idx" ON "block_suggestions"("block_id");

-- AddForeignKey
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_threads" ADD CONSTRAINT "comment_threads_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "comment_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "block_suggestions" ADD CONSTRAINT "block_suggestions_block_id_fkey" FOREIGN KEY ("block_id") REFERENCES "blocks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
