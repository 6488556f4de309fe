-- CreateTable
CREATE TABLE "proposal_comments" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "block_uuid" TEXT,
    "body" TEXT NOT NULL,
    "status" "CommentStatus" NOT NULL DEFAULT 'open',
    "author_kind" "ReviewAuthorKind" NOT NULL,
    "author_name" TEXT NOT NULL,
    "author_user_id" UUID,
    "api_key_id" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_name" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "proposal_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_comment_replies" (
    "id" UUID NOT NULL,
    "comment_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "author_kind" "ReviewAuthorKind" NOT NULL,
    "author_name" TEXT NOT NULL,
    "author_user_id" UUID,
    "api_key_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_comment_replies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "proposal_comments_proposal_id_created_at_idx" ON "proposal_comments"("proposal_id", "created_at");

-- CreateIndex
CREATE INDEX "proposal_comment_replies_comment_id_created_at_idx" ON "proposal_comment_replies"("comment_id", "created_at");

-- AddForeignKey
ALTER TABLE "proposal_comments" ADD CONSTRAINT "proposal_comments_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_comment_replies" ADD CONSTRAINT "proposal_comment_replies_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "proposal_comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
