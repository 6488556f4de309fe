-- hand-written: prisma/schema.prisma cannot declare triggers.
-- A course's content version: every statement that changes what the course's rendering shows (its
-- own row, its modules, lessons and blocks, and the questions, options and quizzes its blocks show)
-- bumps it, in the same transaction, as the project's version is (20261122220000). The project
-- read keeps each course's rendering by this version and splices them (lib/authoring/tree-fragments.ts),
-- so a write rebuilds the one course it touched, not the whole tree (docs/decisions/048-tree-fragments.md).
--
-- One chain, one home for each rule: a change in a course's tree bumps the course; a change of a
-- course row (this bump too) bumps its project, by the courses' own trigger (rows_bump_version).
-- So the project still moves once per statement, and the locks go up the tree as the
-- children_version locks do (a lesson, then its course, then its project).
ALTER TABLE "courses" ADD COLUMN "content_version" BIGINT NOT NULL DEFAULT 0;

-- The courses' own updates (a title, a position, a publish, a move to the trash) bump the row itself.
CREATE FUNCTION "course_bumps_itself"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."content_version" = OLD."content_version" THEN
    NEW."content_version" := OLD."content_version" + 1;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "courses_version_own" BEFORE UPDATE ON "courses" FOR EACH ROW EXECUTE FUNCTION "course_bumps_itself"();

-- Bumps these courses in one statement, whose trigger bumps their projects; answers those projects.
CREATE FUNCTION "bump_course_versions"(course_ids UUID[]) RETURNS UUID[] LANGUAGE SQL AS $$
  WITH bumped AS (
    UPDATE "courses" SET "content_version" = "content_version" + 1
    WHERE "id" IN (SELECT DISTINCT unnest(course_ids)) RETURNING "project_id")
  SELECT ARRAY(SELECT DISTINCT "project_id" FROM bumped)
$$;

CREATE FUNCTION "course_of_lesson"(lesson UUID) RETURNS UUID LANGUAGE SQL STABLE AS $$
  SELECT m."course_id" FROM "lessons" l JOIN "modules" m ON m."id" = l."module_id" WHERE l."id" = lesson
$$;

CREATE FUNCTION "course_of_module"(module UUID) RETURNS UUID LANGUAGE SQL STABLE AS $$
  SELECT m."course_id" FROM "modules" m WHERE m."id" = module
$$;

-- The courses whose blocks show any of these questions or quizzes (in the trash or not), by their
-- lessons: a question shown by 500 blocks of one lesson is one lookup.
CREATE FUNCTION "courses_showing"(question_ids UUID[], quiz_ids UUID[]) RETURNS UUID[] LANGUAGE SQL STABLE AS $$
  SELECT ARRAY(SELECT "course_of_lesson"(l) FROM (
    SELECT DISTINCT "lesson_id" AS l FROM "blocks" WHERE "question_id" = ANY(question_ids) OR "quiz_id" = ANY(quiz_ids)) r)
$$;

-- Questions, options and quizzes belong to the project, not to a course: they bump the courses that
-- show them, and the projects none of those courses is in (a question no block shows yet).
CREATE FUNCTION "bump_shown_versions"(project_ids UUID[], course_ids UUID[]) RETURNS VOID LANGUAGE SQL AS $$
  SELECT "bump_project_versions"(ARRAY(SELECT unnest(project_ids) EXCEPT SELECT unnest("bump_course_versions"(course_ids))))
$$;

CREATE OR REPLACE FUNCTION "modules_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_id" FROM old_rows));
  ELSE
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_id" FROM new_rows UNION SELECT "course_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "lessons_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_of_module"(p) FROM (SELECT DISTINCT "module_id" AS p FROM new_rows) r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_of_module"(p) FROM (SELECT DISTINCT "module_id" AS p FROM old_rows) r));
  ELSE
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_of_module"(p)
      FROM (SELECT "module_id" AS p FROM new_rows UNION SELECT "module_id" FROM old_rows) r));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "blocks_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_of_lesson"(p) FROM (SELECT DISTINCT "lesson_id" AS p FROM new_rows) r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_of_lesson"(p) FROM (SELECT DISTINCT "lesson_id" AS p FROM old_rows) r));
  ELSE
    PERFORM "bump_course_versions"(ARRAY(SELECT "course_of_lesson"(p)
      FROM (SELECT "lesson_id" AS p FROM new_rows UNION SELECT "lesson_id" FROM old_rows) r));
  END IF;
  RETURN NULL;
END $$;

-- A new question or quiz is shown by no block yet: its project alone moves.
CREATE FUNCTION "questions_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT DISTINCT "project_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_shown_versions"(ARRAY(SELECT "project_id" FROM old_rows),
      "courses_showing"(ARRAY(SELECT "id" FROM old_rows), '{}'));
  ELSE
    PERFORM "bump_shown_versions"(ARRAY(SELECT "project_id" FROM new_rows UNION SELECT "project_id" FROM old_rows),
      "courses_showing"(ARRAY(SELECT "id" FROM new_rows), '{}'));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "quizzes_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_project_versions"(ARRAY(SELECT DISTINCT "project_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_shown_versions"(ARRAY(SELECT "project_id" FROM old_rows),
      "courses_showing"('{}', ARRAY(SELECT "id" FROM old_rows)));
  ELSE
    PERFORM "bump_shown_versions"(ARRAY(SELECT "project_id" FROM new_rows UNION SELECT "project_id" FROM old_rows),
      "courses_showing"('{}', ARRAY(SELECT "id" FROM new_rows)));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "question_options_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  question_ids UUID[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    question_ids := ARRAY(SELECT DISTINCT "question_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    question_ids := ARRAY(SELECT DISTINCT "question_id" FROM old_rows);
  ELSE
    question_ids := ARRAY(SELECT "question_id" FROM new_rows UNION SELECT "question_id" FROM old_rows);
  END IF;
  PERFORM "bump_shown_versions"(ARRAY(SELECT "project_of_question"(q) FROM unnest(question_ids) q),
    "courses_showing"(question_ids, '{}'));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER "questions_version_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "questions_bump_version"();
CREATE OR REPLACE TRIGGER "questions_version_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "questions_bump_version"();
CREATE OR REPLACE TRIGGER "questions_version_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "questions_bump_version"();

CREATE OR REPLACE TRIGGER "quizzes_version_insert" AFTER INSERT ON "quizzes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_bump_version"();
CREATE OR REPLACE TRIGGER "quizzes_version_update" AFTER UPDATE ON "quizzes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_bump_version"();
CREATE OR REPLACE TRIGGER "quizzes_version_delete" AFTER DELETE ON "quizzes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_bump_version"();
