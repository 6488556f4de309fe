-- hand-written: prisma/schema.prisma cannot declare triggers.
-- A project's content version: every statement that changes a row of its course tree or of the
-- questions and quizzes its blocks show bumps it, in the same transaction. A cached rendering of
-- the project (lib/authoring/tree-cache.ts) is valid exactly while the version it was built at is
-- current, on every instance, whichever code path wrote. One bump per statement, not per row:
-- shifting 300 siblings is one statement.
ALTER TABLE "projects" ADD COLUMN "content_version" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION "bump_project_versions"(project_ids UUID[]) RETURNS VOID LANGUAGE SQL AS $$
  UPDATE "projects" SET "content_version" = "content_version" + 1
  WHERE "id" IN (SELECT DISTINCT unnest(project_ids));
$$;

-- The projects of the changed rows, from the rows before and after the change. Courses, questions
-- and quizzes carry their project's id.
CREATE FUNCTION "rows_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_id" FROM new_rows));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "modules_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM new_rows r JOIN "courses" c ON c."id" = r."course_id"));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM old_rows r JOIN "courses" c ON c."id" = r."course_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "lessons_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM new_rows r
      JOIN "modules" m ON m."id" = r."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM old_rows r
      JOIN "modules" m ON m."id" = r."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "blocks_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM new_rows r JOIN "lessons" l ON l."id" = r."lesson_id"
      JOIN "modules" m ON m."id" = l."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM old_rows r JOIN "lessons" l ON l."id" = r."lesson_id"
      JOIN "modules" m ON m."id" = l."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "question_options_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT q."project_id" FROM new_rows r JOIN "questions" q ON q."id" = r."question_id"));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT q."project_id" FROM old_rows r JOIN "questions" q ON q."id" = r."question_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "courses_version_insert" AFTER INSERT ON "courses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();
CREATE TRIGGER "courses_version_update" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();
CREATE TRIGGER "courses_version_delete" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();

CREATE TRIGGER "modules_version_insert" AFTER INSERT ON "modules" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "modules_bump_version"();
CREATE TRIGGER "modules_version_update" AFTER UPDATE ON "modules" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "modules_bump_version"();
CREATE TRIGGER "modules_version_delete" AFTER DELETE ON "modules" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "modules_bump_version"();

CREATE TRIGGER "lessons_version_insert" AFTER INSERT ON "lessons" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lessons_bump_version"();
CREATE TRIGGER "lessons_version_update" AFTER UPDATE ON "lessons" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lessons_bump_version"();
CREATE TRIGGER "lessons_version_delete" AFTER DELETE ON "lessons" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "lessons_bump_version"();

CREATE TRIGGER "blocks_version_insert" AFTER INSERT ON "blocks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "blocks_bump_version"();
CREATE TRIGGER "blocks_version_update" AFTER UPDATE ON "blocks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "blocks_bump_version"();
CREATE TRIGGER "blocks_version_delete" AFTER DELETE ON "blocks" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "blocks_bump_version"();

CREATE TRIGGER "questions_version_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();
CREATE TRIGGER "questions_version_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();
CREATE TRIGGER "questions_version_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();

CREATE TRIGGER "quizzes_version_insert" AFTER INSERT ON "quizzes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();
CREATE TRIGGER "quizzes_version_update" AFTER UPDATE ON "quizzes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();
CREATE TRIGGER "quizzes_version_delete" AFTER DELETE ON "quizzes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_bump_version"();

CREATE TRIGGER "question_options_version_insert" AFTER INSERT ON "question_options" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_options_bump_version"();
CREATE TRIGGER "question_options_version_update" AFTER UPDATE ON "question_options" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_options_bump_version"();
CREATE TRIGGER "question_options_version_delete" AFTER DELETE ON "question_options" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "question_options_bump_version"();
