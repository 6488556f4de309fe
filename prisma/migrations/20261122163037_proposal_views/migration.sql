-- AlterTable
ALTER TABLE "proposals" ADD COLUMN     "recipient_first_viewed_at" TIMESTAMPTZ(3),
ADD COLUMN     "recipient_view_count" INTEGER NOT NULL DEFAULT 0;
