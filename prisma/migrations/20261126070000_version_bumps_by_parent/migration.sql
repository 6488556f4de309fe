-- hand-written: triggers are not in prisma/schema.prisma.
-- The content-version triggers (20261122220000_project_content_version) find the projects of the
-- changed rows by their parents, not row by row. A write among 500 siblings shifts up to 500 rows,
-- all under one parent, and the triggers joined every row before and every row after the change
-- up to its course, to bump one project twice; in a database of 16,000 lessons PostgreSQL planned
-- each join as a hash join over the whole lessons table (auto_explain), and a spread block insert
-- cost 12 to 14 ms of PostgreSQL CPU. Now the distinct parents of the rows before and after are
-- taken first, each parent's project is looked up by its keys (a function call per parent, which
-- the planner cannot turn into a scan of the table), and a statement bumps once: 4.7 ms in the
-- same database (docs/decisions/021-sibling-writes.md). The same projects are bumped, by the same
-- statements (test/integration/content-version-triggers.test.ts).
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

CREATE FUNCTION "project_of_course"(course UUID) RETURNS UUID LANGUAGE SQL STABLE AS $$
  SELECT c."project_id" FROM "courses" c WHERE c."id" = course
$$;

CREATE FUNCTION "project_of_module"(module UUID) RETURNS UUID LANGUAGE SQL STABLE AS $$
  SELECT c."project_id" FROM "modules" m JOIN "courses" c ON c."id" = m."course_id" WHERE m."id" = module
$$;

CREATE FUNCTION "project_of_lesson"(lesson UUID) RETURNS UUID LANGUAGE SQL STABLE AS $$
  SELECT c."project_id" FROM "lessons" l JOIN "modules" m ON m."id" = l."module_id" JOIN "courses" c ON c."id" = m."course_id"
  WHERE l."id" = lesson
$$;

CREATE FUNCTION "project_of_question"(question UUID) RETURNS UUID LANGUAGE SQL STABLE AS $$
  SELECT q."project_id" FROM "questions" q WHERE q."id" = question
$$;

CREATE OR REPLACE FUNCTION "modules_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_course"(p) FROM (SELECT DISTINCT "course_id" AS p FROM new_rows) r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_course"(p) FROM (SELECT DISTINCT "course_id" AS p FROM old_rows) r));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_course"(p)
      FROM (SELECT "course_id" AS p FROM new_rows UNION SELECT "course_id" FROM old_rows) r));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "lessons_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_module"(p) FROM (SELECT DISTINCT "module_id" AS p FROM new_rows) r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_module"(p) FROM (SELECT DISTINCT "module_id" AS p FROM old_rows) r));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_module"(p)
      FROM (SELECT "module_id" AS p FROM new_rows UNION SELECT "module_id" FROM old_rows) r));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "blocks_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_lesson"(p) FROM (SELECT DISTINCT "lesson_id" AS p FROM new_rows) r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_lesson"(p) FROM (SELECT DISTINCT "lesson_id" AS p FROM old_rows) r));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_lesson"(p)
      FROM (SELECT "lesson_id" AS p FROM new_rows UNION SELECT "lesson_id" FROM old_rows) r));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "question_options_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_question"(p) FROM (SELECT DISTINCT "question_id" AS p FROM new_rows) r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_question"(p) FROM (SELECT DISTINCT "question_id" AS p FROM old_rows) r));
  ELSE
    PERFORM "bump_project_versions"(ARRAY(SELECT "project_of_question"(p)
      FROM (SELECT "question_id" AS p FROM new_rows UNION SELECT "question_id" FROM old_rows) r));
  END IF;
  RETURN NULL;
END $$;
