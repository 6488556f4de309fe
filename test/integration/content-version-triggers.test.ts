/**
 * A project's content version (the key of its cached tree, lib/api/answer-cache.ts) moves with
 * every statement that changes a row of its tree or of the questions and quizzes its blocks show,
 * whichever code wrote it: the triggers do it in the database. Each statement here is raw SQL, as
 * another instance or a script would send it, and the test reads how far each of two projects'
 * versions moved: the project written to by exactly one per statement (however many rows it
 * changed), a row moved between the projects both, the other project not at all. A course's
 * version (the key of its rendering, lib/authoring/tree-fragments.ts) moves the same way with the
 * rows it shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createBlock, createCategory, createQuestionOfKind, createQuiz, createTree, newUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Tree = Awaited<ReturnType<typeof createTree>> & { question: { id: string; options: { id: string }[] }; quiz: { id: string } };

async function projectWithEverything(api: Awaited<ReturnType<typeof newUser>>["api"]): Promise<Tree> {
  const tree = await createTree(api);
  for (let i = 0; i < 30; i++) await createBlock(api, tree.lesson.id, { type: "text", content: { body: `b${i}` } });
  const category = await createCategory(api, tree.project.id);
  const question = await createQuestionOfKind(api, tree.project.id, category.id);
  const quiz = await createQuiz(api, tree.project.id, [question.id]);
  return { ...tree, question, quiz };
}

async function versions(ids: string[], table = "projects") {
  const rows = await (
    await getDb()
  ).$queryRawUnsafe<{ id: string; v: string }[]>(
    `SELECT id::text, content_version::text AS v FROM ${table} WHERE id = ANY($1::uuid[])`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, BigInt(r.v)]));
}

describe("[CONTENT VERSION] the triggers that key the tree cache", () => {
  let a: Tree;
  let b: Tree;
  /** How far projects A and B moved while `sql` ran (one statement). */
  const moved = async (sql: string, ...params: unknown[]) => {
    const before = await versions([a.project.id, b.project.id]);
    await (await getDb()).$executeRawUnsafe(sql, ...params);
    const after = await versions([a.project.id, b.project.id]);
    return {
      a: Number(after.get(a.project.id)! - before.get(a.project.id)!),
      b: Number(after.get(b.project.id)! - before.get(b.project.id)!),
    };
  };

  /** How far projects A and B, and courses A and B, moved while `sql` ran (one statement). */
  const movedWithCourses = async (sql: string, ...params: unknown[]) => {
    const ids = [a.course.id, b.course.id];
    const before = await versions(ids, "courses");
    const projects = await moved(sql, ...params);
    const after = await versions(ids, "courses");
    const by = (id: string) => Number(after.get(id)! - before.get(id)!);
    return { projects, courses: { a: by(a.course.id), b: by(b.course.id) } };
  };

  beforeAll(async () => {
    const { api } = await newUser(server);
    a = await projectWithEverything(api);
    b = await projectWithEverything(api);
  }, 120_000);

  it("blocks: an insert, a shift of 31 rows, a move to the other project's lesson, a delete", async () => {
    expect(
      await moved(
        `INSERT INTO blocks (id, lesson_id, type, position, created_at, updated_at) VALUES (gen_random_uuid(), $1::uuid, 'text', 31, now(), now())`,
        a.lesson.id,
      ),
    ).toEqual({ a: 1, b: 0 });
    expect(await moved(`UPDATE blocks SET position = position + 1 WHERE lesson_id = $1::uuid`, a.lesson.id)).toEqual({ a: 1, b: 0 });
    expect(await moved(`UPDATE blocks SET lesson_id = $1::uuid, position = 99 WHERE id = $2::uuid`, b.lesson.id, a.block.id)).toEqual({
      a: 1,
      b: 1,
    });
    expect(await moved(`DELETE FROM blocks WHERE id = $1::uuid`, a.block.id)).toEqual({ a: 0, b: 1 });
    // A statement that changes nothing bumps nothing.
    expect(await moved(`UPDATE blocks SET position = 0 WHERE lesson_id = $1::uuid AND false`, a.lesson.id)).toEqual({ a: 0, b: 0 });
  });

  it("lessons and modules: insert, update, a move between the projects, delete", async () => {
    const lessonId = crypto.randomUUID();
    expect(
      await moved(
        `INSERT INTO lessons (id, module_id, title, position, created_at, updated_at) VALUES ($1::uuid, $2::uuid, 'New', 5, now(), now())`,
        lessonId,
        b.module.id,
      ),
    ).toEqual({ a: 0, b: 1 });
    expect(await moved(`UPDATE lessons SET title = 'Renamed' WHERE module_id = $1::uuid`, b.module.id)).toEqual({ a: 0, b: 1 });
    expect(await moved(`UPDATE lessons SET module_id = $1::uuid WHERE id = $2::uuid`, a.module.id, lessonId)).toEqual({ a: 1, b: 1 });
    expect(await moved(`DELETE FROM lessons WHERE id = $1::uuid`, lessonId)).toEqual({ a: 1, b: 0 });

    const moduleId = crypto.randomUUID();
    expect(
      await moved(
        `INSERT INTO modules (id, course_id, title, position, created_at, updated_at) VALUES ($1::uuid, $2::uuid, 'New', 5, now(), now())`,
        moduleId,
        a.course.id,
      ),
    ).toEqual({ a: 1, b: 0 });
    expect(await moved(`UPDATE modules SET course_id = $1::uuid WHERE id = $2::uuid`, b.course.id, moduleId)).toEqual({ a: 1, b: 1 });
    expect(await moved(`DELETE FROM modules WHERE id = $1::uuid`, moduleId)).toEqual({ a: 0, b: 1 });
  });

  it("courses, questions and quizzes (rows that carry their project), and a question's options", async () => {
    const courseId = crypto.randomUUID();
    expect(
      await moved(
        `INSERT INTO courses (id, project_id, title, position, created_at, updated_at) VALUES ($1::uuid, $2::uuid, 'New', 5, now(), now())`,
        courseId,
        a.project.id,
      ),
    ).toEqual({ a: 1, b: 0 });
    expect(await moved(`UPDATE courses SET project_id = $1::uuid WHERE id = $2::uuid`, b.project.id, courseId)).toEqual({ a: 1, b: 1 });
    expect(await moved(`DELETE FROM courses WHERE id = $1::uuid`, courseId)).toEqual({ a: 0, b: 1 });

    expect(await moved(`UPDATE questions SET prompt = 'Changed' WHERE id = ANY($1::uuid[])`, [a.question.id, b.question.id])).toEqual({
      a: 1,
      b: 1,
    });
    expect(await moved(`UPDATE quizzes SET title = 'Changed' WHERE id = $1::uuid`, b.quiz.id)).toEqual({ a: 0, b: 1 });

    expect(await moved(`UPDATE question_options SET label = 'Changed' WHERE question_id = $1::uuid`, a.question.id)).toEqual({
      a: 1,
      b: 0,
    });
    const optionId = crypto.randomUUID();
    expect(
      await moved(
        `INSERT INTO question_options (id, question_id, label, sort_order, is_correct) VALUES ($1::uuid, $2::uuid, 'Extra', 9, false)`,
        optionId,
        b.question.id,
      ),
    ).toEqual({ a: 0, b: 1 });
    expect(await moved(`DELETE FROM question_options WHERE id = $1::uuid`, optionId)).toEqual({ a: 0, b: 1 });
  });

  it("a course's version (the key of its rendering) moves with its tree and what its blocks show, its project once", async () => {
    const one = { projects: { a: 1, b: 0 }, courses: { a: 1, b: 0 } };
    const aBlock = `(SELECT id FROM blocks WHERE lesson_id = '${a.lesson.id}'::uuid ORDER BY position LIMIT 1)`;
    expect(await movedWithCourses(`UPDATE blocks SET content = '{"body":"edited"}' WHERE id = ${aBlock}`)).toEqual(one);
    expect(await movedWithCourses(`UPDATE lessons SET title = 'Again' WHERE id = $1::uuid`, a.lesson.id)).toEqual(one);
    expect(await movedWithCourses(`UPDATE modules SET title = 'Again' WHERE id = $1::uuid`, a.module.id)).toEqual(one);
    expect(await movedWithCourses(`UPDATE courses SET title = 'Again' WHERE id = $1::uuid`, a.course.id)).toEqual(one);
    // A block moved to the other project's lesson: both courses, both projects.
    const both = { projects: { a: 1, b: 1 }, courses: { a: 1, b: 1 } };
    expect(await movedWithCourses(`UPDATE blocks SET lesson_id = $1::uuid WHERE id = ${aBlock}`, b.lesson.id)).toEqual(both);

    // A question or quiz moves the courses whose blocks show it, and its project once; one no block shows, its project alone.
    await (
      await getDb()
    ).$executeRawUnsafe(
      `INSERT INTO blocks (id, lesson_id, type, position, question_id, created_at, updated_at) VALUES (gen_random_uuid(), $1::uuid, 'question', 99, $2::uuid, now(), now())`,
      a.lesson.id,
      a.question.id,
    );
    expect(await movedWithCourses(`UPDATE questions SET prompt = 'Shown' WHERE id = $1::uuid`, a.question.id)).toEqual(one);
    expect(await movedWithCourses(`UPDATE question_options SET label = 'Shown' WHERE question_id = $1::uuid`, a.question.id)).toEqual(one);
    expect(await movedWithCourses(`UPDATE questions SET prompt = 'Not shown' WHERE id = $1::uuid`, b.question.id)).toEqual({
      projects: { a: 0, b: 1 },
      courses: { a: 0, b: 0 },
    });
    await (
      await getDb()
    ).$executeRawUnsafe(
      `INSERT INTO blocks (id, lesson_id, type, position, quiz_id, created_at, updated_at) VALUES (gen_random_uuid(), $1::uuid, 'quiz', 99, $2::uuid, now(), now())`,
      b.lesson.id,
      b.quiz.id,
    );
    expect(await movedWithCourses(`UPDATE quizzes SET title = 'Shown' WHERE id = $1::uuid`, b.quiz.id)).toEqual({
      projects: { a: 0, b: 1 },
      courses: { a: 0, b: 1 },
    });
  });
});
