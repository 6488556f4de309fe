-- AlterTable
ALTER TABLE "proposals" ADD COLUMN     "accepted_value_minor" DECIMAL(30,0);
