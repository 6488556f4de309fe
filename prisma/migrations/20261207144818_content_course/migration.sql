-- AlterTable
ALTER TABLE "products" ADD COLUMN     "course_id" UUID;

-- CreateIndex
CREATE INDEX "products_course_id_idx" ON "products"("course_id");

-- AddForeignKey
ALTER TABLE "products" ADD CONSTRAINT "products_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE SET NULL ON UPDATE CASCADE;
