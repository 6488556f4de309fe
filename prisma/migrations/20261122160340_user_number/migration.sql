-- AlterTable
ALTER TABLE "users" ADD COLUMN     "number" SERIAL NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "users_number_key" ON "users"("number");
