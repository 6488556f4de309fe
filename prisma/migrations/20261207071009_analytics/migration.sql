-- AlterTable
ALTER TABLE "lesson_progress" ADD COLUMN     "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
-- Progress kept before this knew no start: the earliest moment it records stands for it.
UPDATE "lesson_progress" SET "started_at" = LEAST("last_viewed_at", COALESCE("completed_at", "last_viewed_at"));

-- CreateTable
CREATE TABLE "proposal_view_engagement" (
    "proposal_id" UUID NOT NULL,
    "view_id" UUID NOT NULL,
    "device" TEXT NOT NULL,
    "blocks" JSONB NOT NULL DEFAULT '{}',
    "total_seconds" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_view_engagement_pkey" PRIMARY KEY ("proposal_id","view_id")
);

-- CreateIndex
CREATE INDEX "proposal_view_engagement_proposal_id_created_at_idx" ON "proposal_view_engagement"("proposal_id", "created_at");

-- CreateIndex
CREATE INDEX "proposals_company_id_sent_at_idx" ON "proposals"("company_id", "sent_at");

-- AddForeignKey
ALTER TABLE "proposal_view_engagement" ADD CONSTRAINT "proposal_view_engagement_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;
