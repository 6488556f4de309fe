-- A due time in milliseconds rounds now() up half the time, so a worker looking within that
-- half millisecond (woken by the commit) did not see the row as due until its next poll.
-- AlterTable
ALTER TABLE "mail_outbox" ALTER COLUMN "next_attempt_at" SET DATA TYPE TIMESTAMPTZ(6),
ALTER COLUMN "lease_until" SET DATA TYPE TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "webhook_deliveries" ALTER COLUMN "next_attempt_at" SET DATA TYPE TIMESTAMPTZ(6),
ALTER COLUMN "lease_until" SET DATA TYPE TIMESTAMPTZ(6);
