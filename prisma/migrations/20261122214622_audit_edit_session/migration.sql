-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "edit_session" TEXT;
