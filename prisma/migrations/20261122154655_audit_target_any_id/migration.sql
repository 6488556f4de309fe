-- AlterTable
ALTER TABLE "audit_events" ALTER COLUMN "target_id" SET DATA TYPE TEXT;
