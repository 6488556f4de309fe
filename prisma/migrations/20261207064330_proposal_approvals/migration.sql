-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('requested', 'approved', 'declined');

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "approval_max_discount_percent" DOUBLE PRECISION,
ADD COLUMN     "approval_max_total_without_tax" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "proposal_approvals" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "status" "ApprovalStatus" NOT NULL,
    "reasons" JSONB NOT NULL DEFAULT '[]',
    "requested_by_user_id" UUID,
    "requested_by_name" TEXT,
    "request_note" TEXT NOT NULL DEFAULT '',
    "requested_at" TIMESTAMPTZ(3),
    "decided_by_user_id" UUID,
    "decided_by_name" TEXT,
    "decision_note" TEXT NOT NULL DEFAULT '',
    "decided_at" TIMESTAMPTZ(3),
    "covers_updated_at" TIMESTAMPTZ(3),
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "proposal_approvals_proposal_id_created_at_idx" ON "proposal_approvals"("proposal_id", "created_at");

-- AddForeignKey
ALTER TABLE "proposal_approvals" ADD CONSTRAINT "proposal_approvals_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;
