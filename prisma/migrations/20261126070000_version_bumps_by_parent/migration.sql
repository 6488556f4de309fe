-- hand-written: triggers are not in prisma/schema.prisma.
-- The content-version triggers (20261122220000_project_content_version) find the projects of the
-- changed rows by their parents, not row by row: a write among 500 siblings shifts up to 500 rows,
-- all under one parent, and joined each of them up to its course twice (the rows before and after
-- the change), to bump one project twice. Now the distinct parents of the rows before and after
-- are taken first, then joined up, and an update bumps once. Same projects bumped, same statements.
CREATE OR REPLACE FUNCTION "rows_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT DISTINCT "project_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT DISTINCT "project_id" FROM old_rows));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_id" FROM new_rows UNION SELECT "project_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "modules_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT DISTINCT "course_id" FROM new_rows) r JOIN "courses" c ON c."id" = r."course_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT DISTINCT "course_id" FROM old_rows) r JOIN "courses" c ON c."id" = r."course_id"));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT "course_id" FROM new_rows UNION SELECT "course_id" FROM old_rows) r
      JOIN "courses" c ON c."id" = r."course_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "lessons_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT DISTINCT "module_id" FROM new_rows) r
      JOIN "modules" m ON m."id" = r."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT DISTINCT "module_id" FROM old_rows) r
      JOIN "modules" m ON m."id" = r."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT "module_id" FROM new_rows UNION SELECT "module_id" FROM old_rows) r
      JOIN "modules" m ON m."id" = r."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "blocks_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT DISTINCT "lesson_id" FROM new_rows) r JOIN "lessons" l ON l."id" = r."lesson_id"
      JOIN "modules" m ON m."id" = l."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT DISTINCT "lesson_id" FROM old_rows) r JOIN "lessons" l ON l."id" = r."lesson_id"
      JOIN "modules" m ON m."id" = l."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(
      SELECT c."project_id" FROM (SELECT "lesson_id" FROM new_rows UNION SELECT "lesson_id" FROM old_rows) r
      JOIN "lessons" l ON l."id" = r."lesson_id" JOIN "modules" m ON m."id" = l."module_id" JOIN "courses" c ON c."id" = m."course_id"));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "question_options_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT q."project_id" FROM (SELECT DISTINCT "question_id" FROM new_rows) r JOIN "questions" q ON q."id" = r."question_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(
      SELECT q."project_id" FROM (SELECT DISTINCT "question_id" FROM old_rows) r JOIN "questions" q ON q."id" = r."question_id"));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(
      SELECT q."project_id" FROM (SELECT "question_id" FROM new_rows UNION SELECT "question_id" FROM old_rows) r
      JOIN "questions" q ON q."id" = r."question_id"));
  END IF;
  RETURN NULL;
END $$;
