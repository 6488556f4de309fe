-- AlterTable
ALTER TABLE "proposals" ADD COLUMN     "expired_notified_at" TIMESTAMPTZ(3),
ADD COLUMN     "reminder_days_before" SMALLINT,
ADD COLUMN     "reminder_sent_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "proposal_change_requests" (
    "id" BIGSERIAL NOT NULL,
    "proposal_id" UUID NOT NULL,
    "message" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_change_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "proposal_change_requests_proposal_id_id_idx" ON "proposal_change_requests"("proposal_id", "id");

-- AddForeignKey
ALTER TABLE "proposal_change_requests" ADD CONSTRAINT "proposal_change_requests_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Expiries that passed before the sweeper existed are not announced now, possibly months late
-- (docs/decisions/037): only proposals that expire from here on get their event and mails.
UPDATE "proposals" SET "expired_notified_at" = "expires_at"
WHERE "status" = 'active' AND "expires_at" IS NOT NULL AND "expires_at" <= CURRENT_TIMESTAMP;
