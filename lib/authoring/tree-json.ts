import type { Tx } from "@/lib/db/client";
import { isoSql } from "@/lib/db/iso-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { rolesWithSql } from "./access";
import type { Audience } from "./dto";
import { blockInTreeSql, visibleSql } from "./visibility";

/**
 * The course tree as JSON text built by PostgreSQL: one flat query per level, each row's JSON made
 * by `row_to_json`, and the levels joined here as strings. It is the hot path of the whole-project
 * read (20,000 blocks, 10 MB): no row objects, no DTO objects, no serialisation. It produces what
 * the object path (test/oracles/hierarchy.ts) and the response schema make of the same rows, field for field;
 * test/integration/tree-json.test.ts holds the two side by side. Visibility is the rule of
 * ./visibility.ts: learners read published courses and lessons, nobody reads deleted rows.
 */

type Row = { parent: string; json: string };

/**
 * A block's members in the order of its DTO, from `blocks b`, `questions q` and `quizzes z` (both
 * LEFT JOINed): its question with options (answer keys for those who may see them) and its quiz,
 * each null when in the trash.
 */
function blockColumns(audience: Audience) {
  const isCorrect = audience.withAnswers ? ", o.is_correct" : "";
  return `b.id, b.lesson_id, b.type, b.position, b.content, b.question_role, b.question_id,
          CASE WHEN q.id IS NOT NULL AND q.deleted_at IS NULL THEN (
            SELECT row_to_json(qq) FROM (
              SELECT q.id, q.project_id, q.category_id, q.question_family_id, q.prompt, q.question_type, q.difficulty,
                (SELECT coalesce(json_agg(oo ORDER BY oo.sort_order), '[]'::json) FROM (
                  SELECT o.id, o.label, o.sort_order${isCorrect} FROM question_options o WHERE o.question_id = q.id
                ) oo) AS options,
                ${isoSql("q.created_at")} AS created_at, ${isoSql("q.updated_at")} AS updated_at
            ) qq
          ) END AS question,
          b.quiz_id,
          CASE WHEN z.id IS NOT NULL AND z.deleted_at IS NULL THEN json_build_object('id', z.id, 'title', z.title) END AS quiz,
          ${isoSql("b.created_at")} AS created_at, ${isoSql("b.updated_at")} AS updated_at`;
}

/** The statements of a read of the courses `$1` (an array of ids) names. */
function queries(learner: boolean, audience: Audience, outline: boolean) {
  const courses = `${visibleSql("course", learner)} AND c.id = ANY($1::uuid[])`;
  const modules = `${visibleSql("module", learner)} AND ${courses}`;
  const lessons = `${visibleSql("lesson", learner)} AND ${modules}`;
  return {
    courses: `
      SELECT '' AS parent, row_to_json(t)::text AS json FROM (
        SELECT c.id, c.project_id, c.title, c.description, c.position,
          ${isoSql("c.published_at")} AS published_at, ${isoSql("c.created_at")} AS created_at, ${isoSql("c.updated_at")} AS updated_at,
          CASE WHEN jsonb_typeof(c.sources) = 'array' THEN c.sources ELSE '[]'::jsonb END AS sources
        FROM courses c WHERE ${courses} ORDER BY c.position
      ) t`,
    modules: `
      SELECT t.course_id::text AS parent, row_to_json(t)::text AS json FROM (
        SELECT m.id, m.course_id, m.title, m.position, ${isoSql("m.created_at")} AS created_at, ${isoSql("m.updated_at")} AS updated_at
        FROM modules m JOIN courses c ON c.id = m.course_id WHERE ${modules} ORDER BY m.position
      ) t`,
    lessons: `
      SELECT t.module_id::text AS parent, row_to_json(t)::text AS json FROM (
        SELECT l.id, l.module_id, l.title, l.position,
          ${isoSql("l.published_at")} AS published_at, ${isoSql("l.created_at")} AS created_at, ${isoSql("l.updated_at")} AS updated_at
          ${outline ? `, NULL AS blocks, (SELECT count(*) FROM blocks b WHERE b.lesson_id = l.id AND ${visibleSql("block", learner)})::int AS block_count` : ""}
        FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
        WHERE ${lessons} ORDER BY l.position
      ) t`,
    blocks: `
      SELECT t.lesson_id::text AS parent, row_to_json(t)::text AS json FROM (
        SELECT ${blockColumns(audience)}
        FROM blocks b
        JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
        LEFT JOIN questions q ON q.id = b.question_id
        LEFT JOIN quizzes z ON z.id = b.quiz_id
        WHERE ${visibleSql("block", learner)} AND ${lessons} ORDER BY b.position
      ) t`,
  };
}

/**
 * GET /blocks/{id} as one SQL expression: the block's JSON text as `get_block` answers it to the
 * user `userId` names, or NULL when that user may not see it (unknown, in the trash up to its
 * project, not in their workspaces, or for a learner not published). It runs inside the API-key
 * lookup (lib/api/authenticate.ts): the whole request is one statement.
 * test/integration/tree-json.test.ts holds it equal to the object path, field for field.
 */
export function blockJsonFor(blockId: string, userId: Prisma.Sql): Prisma.Sql {
  const readers = rolesWithSql("content.read_drafts");
  const json = (audience: Audience) => `(SELECT row_to_json(t)::text FROM (SELECT ${blockColumns(audience)}) t)`;
  return Prisma.sql`SELECT CASE WHEN ms.role IN ${readers} THEN ${Prisma.raw(json({ withAnswers: true }))}
      ELSE ${Prisma.raw(json({ withAnswers: false }))} END
    FROM ${Prisma.raw(blockInTreeSql.from)}
    JOIN memberships ms ON ms.workspace_id = p.workspace_id AND ms.user_id = ${userId}
    LEFT JOIN questions q ON q.id = b.question_id LEFT JOIN quizzes z ON z.id = b.quiz_id
    WHERE b.id = ${blockId}::uuid AND ${Prisma.raw(blockInTreeSql.undeleted)}
      AND ${Prisma.raw(blockInTreeSql.readableBy("ms.role"))}`;
}

/**
 * The JSON text of the block row in `from` (a CTE's `RETURNING` of block columns) as an author
 * reads it, answer keys included: what create_block answers, with its question and quiz.
 */
export const authorBlockJsonFrom = (from: string) =>
  `(SELECT row_to_json(t)::text FROM (SELECT ${blockColumns({ withAnswers: true })}
    FROM ${from} b LEFT JOIN questions q ON q.id = b.question_id LEFT JOIN quizzes z ON z.id = b.quiz_id) t)`;

/** Rows in position order, grouped by parent id (order kept within each group). */
function byParent(rows: Row[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const group = groups.get(row.parent);
    if (group) group.push(row.json);
    else groups.set(row.parent, [row.json]);
  }
  return groups;
}

const idOf = (json: string) => json.slice(7, 43); // row_to_json puts "id" first: {"id":"<uuid>",...

/** `{...` reopened for one more member, the children's JSON array: `{...,"key":[`. */
const opened = (json: string, key: string) => `${json.slice(0, -1)},"${key}":[`;

export type TreeRead = {
  learner: boolean;
  audience: Audience;
  /** The structure alone: lessons carry `block_count` and `blocks: null` (the course tree's outline). */
  outline?: boolean;
};

/** A course's JSON text (its element of a `courses` array), in pieces to be written out one after the other. */
export type CourseJson = { id: string; parts: string[] };

/**
 * The courses `courseIds` names that the reader sees, in position order, each with its modules,
 * lessons and blocks in position order, as JSON (see `utf8`). The rows' JSON is never
 * copied into intermediate strings, so a 10 MB tree costs its rows and its output buffers. Four
 * statements (three for an outline), whatever the size.
 */
export async function coursesJson(tx: Tx, courseIds: string[], { learner, audience, outline = false }: TreeRead): Promise<CourseJson[]> {
  const sql = queries(learner, audience, outline);
  const read = (text: string) => tx.$queryRawUnsafe<Row[]>(text, courseIds);
  const [courses, modules, lessons, blocks] = await Promise.all([
    read(sql.courses),
    read(sql.modules),
    read(sql.lessons),
    outline ? [] : read(sql.blocks),
  ]);
  const modulesOf = byParent(modules);
  const lessonsOf = byParent(lessons);
  const blocksOf = byParent(blocks);
  return courses.map((course) => {
    const parts: string[] = [];
    /** Each child, comma-separated, then the parent closed. */
    const children = (of: string[] | undefined, each: (json: string) => void) => {
      of?.forEach((json, i) => {
        if (i > 0) parts.push(",");
        each(json);
      });
      parts.push("]}");
    };
    parts.push(opened(course.json, "modules"));
    children(modulesOf.get(idOf(course.json)), (mod) => {
      parts.push(opened(mod, "lessons"));
      children(lessonsOf.get(idOf(mod)), (lesson) => {
        if (outline) return void parts.push(lesson);
        parts.push(opened(lesson, "blocks"));
        children(blocksOf.get(idOf(lesson)), (block) => void parts.push(block));
      });
    });
    return { id: idOf(course.json), parts };
  });
}

/** Pieces of text, and of UTF-8 already encoded, written into one buffer allocated once at its final size. */
export function utf8(parts: (string | Uint8Array)[]): Buffer<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += typeof part === "string" ? Buffer.byteLength(part, "utf8") : part.length;
  const buffer = Buffer.allocUnsafeSlow(length) as Buffer<ArrayBuffer>;
  let offset = 0;
  for (const part of parts) {
    if (typeof part === "string") offset += buffer.write(part, offset, "utf8");
    else {
      buffer.set(part, offset);
      offset += part.length;
    }
  }
  return buffer;
}
