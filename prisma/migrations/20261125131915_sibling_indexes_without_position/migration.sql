-- DropIndex
DROP INDEX "courses_project_id_deleted_at_position_idx";

-- DropIndex
DROP INDEX "modules_course_id_deleted_at_position_idx";

-- DropIndex
DROP INDEX "lessons_module_id_deleted_at_position_idx";

-- DropIndex
DROP INDEX "blocks_lesson_id_deleted_at_position_idx";

-- CreateIndex
CREATE INDEX "courses_project_id_deleted_at_idx" ON "courses"("project_id", "deleted_at");

-- CreateIndex
CREATE INDEX "modules_course_id_deleted_at_idx" ON "modules"("course_id", "deleted_at");

-- CreateIndex
CREATE INDEX "lessons_module_id_deleted_at_idx" ON "lessons"("module_id", "deleted_at");

-- CreateIndex
CREATE INDEX "blocks_lesson_id_deleted_at_idx" ON "blocks"("lesson_id", "deleted_at");
