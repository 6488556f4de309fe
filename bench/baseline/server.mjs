// The physical floor (bench/README.md): a bare node:http server with pg answering three of the
// app's reads and three of its writes with the same JSON, done by hand the fastest way we know.
// Its parameterised statements are prepared (planned once per connection).
// The API key is looked up by its SHA-256 digest with its user in one query; PostgreSQL builds
// each row's JSON (json_build_object), one flat query per level of the tree, and node only joins
// strings. Writes (block insert, lesson move, quiz submit) are one statement each after their
// reads: see "Writes" below.
//
//   DATABASE_URL=postgresql://… PORT=4100 node bench/baseline/server.mjs
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE) || 10,
  // JIT off, as the app has it (lib/db/client.ts): compiling the tree's queries costs more than running them.
  options: "-c TimeZone=UTC -c jit=off",
});

// Parameterised statements are prepared once per connection and named by their text's digest, as
// the app's are (docs/decisions/020): PostgreSQL plans each once, not on every request.
const prepared = (text, values) => pool.query({ name: `p${createHash("sha1").update(text).digest("base64url")}`, text, values });

const iso = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const LAST_USED_RESOLUTION_MS = 60_000;

// The key and its user in one statement; last_used_at is written at most once a minute, as the app does.
// With `read` (SQL naming the key's user as u.id, its own parameters from $2), that statement also
// answers the route's read, as the app's `readWithKey` does (lib/api/authenticate.ts).
async function callerOf(req, read) {
  const header = req.headers.authorization;
  const match = header && /^Bearer[ ]+(cak_[0-9A-Za-z]+)\s*$/.exec(header);
  if (!match) return null;
  const digest = createHash("sha256").update(match[1], "utf8").digest("hex");
  const { rows } = await prepared(
    `SELECT k.id, k.user_id, k.last_used_at, k.name AS key_name, k.key_prefix, u.name AS user_name${read ? `, (${read.sql}) AS read` : ""}
     FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [digest, ...(read?.values ?? [])],
  );
  const key = rows[0];
  if (!key) return null;
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    await prepared("UPDATE api_keys SET last_used_at = now() WHERE id = $1", [key.id]);
  }
  // What the audit trail records of an API-key caller (lib/db/transaction.ts recordChange).
  return { userId: key.user_id, name: key.user_name, apiKeyId: key.id, keyName: key.key_name, keyPrefix: key.key_prefix, read: key.read };
}

const QUESTION_JSON = `CASE WHEN q.id IS NULL OR q.deleted_at IS NOT NULL THEN NULL ELSE json_build_object(
  'id', q.id, 'project_id', q.project_id, 'category_id', q.category_id, 'question_family_id', q.question_family_id,
  'prompt', q.prompt, 'question_type', q.question_type, 'difficulty', q.difficulty,
  'options', COALESCE((SELECT json_agg(CASE WHEN $LEARNER THEN json_build_object('id', o.id, 'label', o.label, 'sort_order', o.sort_order)
                                   ELSE json_build_object('id', o.id, 'label', o.label, 'sort_order', o.sort_order, 'is_correct', o.is_correct) END
                                   ORDER BY o.sort_order)
                       FROM question_options o WHERE o.question_id = q.id), '[]'::json),
  'created_at', ${iso("q.created_at")}, 'updated_at', ${iso("q.updated_at")}) END`;

const BLOCK_JSON = `json_build_object(
  'id', b.id, 'lesson_id', b.lesson_id, 'type', b.type, 'position', b.position, 'content', b.content,
  'question_role', b.question_role, 'question_id', b.question_id, 'question', ${QUESTION_JSON},
  'quiz_id', b.quiz_id, 'quiz', CASE WHEN z.id IS NULL OR z.deleted_at IS NOT NULL THEN NULL ELSE json_build_object('id', z.id, 'title', z.title) END,
  'created_at', ${iso("b.created_at")}, 'updated_at', ${iso("b.updated_at")})::text`;

const blockJson = (learner) => BLOCK_JSON.replaceAll("$LEARNER", learner);

// The caller's role in the project, when the project is theirs and not deleted.
const PROJECT_SQL = `SELECT m.role, json_build_object('id', p.id, 'name', p.name, 'description', p.description,
    'created_at', ${iso("p.created_at")}, 'updated_at', ${iso("p.updated_at")},
    'workspace', json_build_object('id', w.id, 'name', w.name, 'kind', w.kind))::text AS j
  FROM projects p JOIN workspaces w ON w.id = p.workspace_id
  JOIN memberships m ON m.workspace_id = p.workspace_id AND m.user_id = $2
  WHERE p.id = $1 AND p.deleted_at IS NULL`;

// Each level: visible rows of the project, with their parent's id, in position order.
const levelSql = (learner) => ({
  courses: `SELECT c.project_id AS parent, json_build_object('id', c.id, 'project_id', c.project_id, 'title', c.title,
      'description', c.description, 'position', c.position, 'published_at', ${iso("c.published_at")},
      'created_at', ${iso("c.created_at")}, 'updated_at', ${iso("c.updated_at")},
      'sources', CASE WHEN jsonb_typeof(c.sources) = 'array' THEN c.sources ELSE '[]'::jsonb END)::text AS j, c.id
    FROM courses c WHERE c.project_id = $1 AND c.deleted_at IS NULL ${learner ? "AND c.published_at IS NOT NULL" : ""}
    ORDER BY c.position`,
  modules: `SELECT m.course_id AS parent, json_build_object('id', m.id, 'course_id', m.course_id, 'title', m.title,
      'position', m.position, 'created_at', ${iso("m.created_at")}, 'updated_at', ${iso("m.updated_at")})::text AS j, m.id
    FROM modules m JOIN courses c ON c.id = m.course_id
    WHERE c.project_id = $1 AND c.deleted_at IS NULL AND m.deleted_at IS NULL ${learner ? "AND c.published_at IS NOT NULL" : ""}
    ORDER BY m.course_id, m.position`,
  lessons: `SELECT l.module_id AS parent, json_build_object('id', l.id, 'module_id', l.module_id, 'title', l.title,
      'position', l.position, 'published_at', ${iso("l.published_at")}, 'created_at', ${iso("l.created_at")},
      'updated_at', ${iso("l.updated_at")})::text AS j, l.id
    FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
    WHERE c.project_id = $1 AND c.deleted_at IS NULL AND m.deleted_at IS NULL AND l.deleted_at IS NULL
      ${learner ? "AND c.published_at IS NOT NULL AND l.published_at IS NOT NULL" : ""}
    ORDER BY l.module_id, l.position`,
  blocks: `SELECT b.lesson_id AS parent, ${blockJson(learner)} AS j, b.id
    FROM blocks b JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
    LEFT JOIN questions q ON q.id = b.question_id LEFT JOIN quizzes z ON z.id = b.quiz_id
    WHERE c.project_id = $1 AND c.deleted_at IS NULL AND m.deleted_at IS NULL AND l.deleted_at IS NULL AND b.deleted_at IS NULL
      ${learner ? "AND c.published_at IS NOT NULL AND l.published_at IS NOT NULL" : ""}
    ORDER BY b.lesson_id, b.position`,
});
const LEVELS = { false: levelSql(false), true: levelSql(true) };

/** parent id -> its children's JSON texts, in order. */
function byParent(rows) {
  const out = new Map();
  for (const row of rows) {
    let list = out.get(row.parent);
    if (!list) out.set(row.parent, (list = []));
    list.push(row);
  }
  return out;
}

/** A row's JSON with one more member, its children, appended: `{…,"modules":[…]}`. */
const withChildren = (json, key, children) => `${json.slice(0, -1)},"${key}":[${children.join(",")}]}`;

async function projectTree(res, caller, projectId) {
  const { rows } = await prepared(PROJECT_SQL, [projectId, caller.userId]);
  if (!rows[0]) return send(res, 404, '{"error":"Project not found","code":"not_found"}');
  const sql = LEVELS[rows[0].role === "learner"];
  const [courses, modules, lessons, blocks] = await Promise.all(
    ["courses", "modules", "lessons", "blocks"].map(async (level) => (await prepared(sql[level], [projectId])).rows),
  );
  const blocksOf = byParent(blocks);
  const lessonsOf = byParent(lessons);
  const modulesOf = byParent(modules);
  const lessonJson = (l) =>
    withChildren(
      l.j,
      "blocks",
      (blocksOf.get(l.id) ?? []).map((b) => b.j),
    );
  const moduleJson = (m) => withChildren(m.j, "lessons", (lessonsOf.get(m.id) ?? []).map(lessonJson));
  const courseJson = (c) => withChildren(c.j, "modules", (modulesOf.get(c.id) ?? []).map(moduleJson));
  send(res, 200, withChildren(rows[0].j, "courses", courses.map(courseJson)));
}

// One statement: the block, its question and quiz, and whether the caller may see it.
const BLOCK_SQL = (learner) => `SELECT ${blockJson(learner)} AS j
  FROM blocks b JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
  JOIN projects p ON p.id = c.project_id JOIN memberships ms ON ms.workspace_id = p.workspace_id AND ms.user_id = $2
  LEFT JOIN questions q ON q.id = b.question_id LEFT JOIN quizzes z ON z.id = b.quiz_id
  WHERE b.id = $1 AND b.deleted_at IS NULL AND l.deleted_at IS NULL AND m.deleted_at IS NULL AND c.deleted_at IS NULL AND p.deleted_at IS NULL
    AND ${learner ? "ms.role = 'learner' AND c.published_at IS NOT NULL AND l.published_at IS NOT NULL" : "ms.role <> 'learner'"}`;
const BLOCK_BOTH = `(${BLOCK_SQL(false)}) UNION ALL (${BLOCK_SQL(true)})`;

async function block(res, caller, blockId) {
  const { rows } = await prepared(BLOCK_BOTH, [blockId, caller.userId]);
  if (!rows[0]) return send(res, 404, '{"error":"Block not found","code":"not_found"}');
  send(res, 200, rows[0].j);
}

// One statement: the course if the caller may see it (0 rows: not found), and one page of its modules.
const MODULES_SQL = `SELECT x.j FROM (
    SELECT c.id FROM courses c JOIN projects p ON p.id = c.project_id
    JOIN memberships ms ON ms.workspace_id = p.workspace_id AND ms.user_id = $2
    WHERE c.id = $1 AND c.deleted_at IS NULL AND p.deleted_at IS NULL AND (ms.role <> 'learner' OR c.published_at IS NOT NULL)
  ) c LEFT JOIN LATERAL (
    SELECT json_build_object('id', m.id, 'course_id', m.course_id, 'title', m.title, 'position', m.position, 'lessons', NULL,
      'created_at', ${iso("m.created_at")}, 'updated_at', ${iso("m.updated_at")})::text AS j
    FROM modules m WHERE m.course_id = c.id AND m.deleted_at IS NULL ORDER BY m.position LIMIT $3 OFFSET $4
  ) x ON true`;

async function modules(res, caller, courseId, url) {
  const limit = Math.min(500, Math.max(1, Number(url.searchParams.get("limit") ?? 500) || 500));
  const offset = Math.max(0, Number(url.searchParams.get("offset") ?? 0) || 0);
  const { rows } = await prepared(MODULES_SQL, [courseId, caller.userId, limit + 1, offset]);
  if (!rows.length) return send(res, 404, '{"error":"Course not found","code":"not_found"}');
  const items = rows.filter((r) => r.j !== null).map((r) => r.j);
  const hasMore = items.length > limit;
  send(res, 200, `{"modules":[${items.slice(0, limit).join(",")}],"has_more":${hasMore},"limit":${limit},"offset":${offset}}`);
}

// ---- Writes --------------------------------------------------------------------------------
// The same semantics as the app's create_block, update_lesson (a move) and submit_quiz, each
// write one statement (its own transaction) after its reads, values sent as escaped literals. An
// insert or a move waits for its parent's turn in this process, then takes the parent's row at
// the children_version its snapshot shows (as lib/authoring/positions.ts does): if another writer
// changed the siblings meanwhile, nothing is written and the statement runs again (at most 8
// times, as the app's writes do).
const lit = (v) => (v === null || v === undefined ? "NULL" : pg.escapeLiteral(String(v)));
const MAX_ATTEMPTS = 8;
const WRITERS = "('admin', 'author')"; // lib/authoring/access.ts: the roles with content.write
const BLOCK_TYPES = ["text", "image", "diagram", "video", "example", "question", "quiz", "scenario", "glossary", "interactive", "visual"];
const QUESTION_ROLES = ["practice", "checkpoint", "assessment", "review"];
const isUuid = (v) => typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const isPosition = (v) => Number.isInteger(v) && v >= 0 && v <= 32767;

class HttpError extends Error {
  constructor(status, code, message, issues) {
    super(message);
    Object.assign(this, { status, code, issues });
  }
}
const invalid = (issues) =>
  new HttpError(
    400,
    "validation_error",
    issues.length === 1 ? `Invalid request: ${issues[0].path}: ${issues[0].message}` : "Invalid request",
    issues,
  );

/** The audit event of lib/db/transaction.ts recordChange, for an API-key caller. */
const auditValues = (caller, id, operation, targetId) =>
  `${lit(id)}::uuid, ${lit(caller.userId)}::uuid, ${lit(caller.name)}, 'api', ${lit(caller.apiKeyId)}::uuid, ${lit(caller.keyName)}, ${lit(caller.keyPrefix)}, ${lit(operation)}, ${lit(targetId)}, NULL, now()`;
const AUDIT_COLUMNS =
  "id, actor_user_id, actor_name, via, api_key_id, api_key_name, api_key_prefix, operation, target_id, edit_session, created_at";

/** A lesson the caller may write (undeleted up to its project, caller admin or author there), as a CTE. */
const writableLesson = (lessonId, userId) => `SELECT l.id, l.module_id, c.project_id
  FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
  JOIN projects p ON p.id = c.project_id JOIN memberships ms ON ms.workspace_id = p.workspace_id AND ms.user_id = ${lit(userId)}::uuid
  WHERE l.id = ${lit(lessonId)}::uuid AND l.deleted_at IS NULL AND m.deleted_at IS NULL AND c.deleted_at IS NULL
    AND p.deleted_at IS NULL AND ms.role IN ${WRITERS}`;

// Writers on one parent take turns in this process before they begin (lib/db/turns.ts, the same
// technique): a transaction waiting in PostgreSQL for the parent's row lock would hold a snapshot
// that keeps every shifted sibling's old version from being pruned.
const tails = new Map();
async function inTurn(key, fn) {
  const before = tails.get(key) ?? Promise.resolve();
  let release;
  const mine = new Promise((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  tails.set(key, tail);
  await before;
  try {
    return await fn();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

// POST /lessons/{id}/blocks: lib/authoring/blocks/blocks.ts createBlock + positions.ts insertAt.
async function createBlock(res, caller, lessonId, _url, body) {
  const issues = [];
  if (!BLOCK_TYPES.includes(body.type)) issues.push({ path: "type", message: "Invalid option" });
  if (body.position !== undefined && !isPosition(body.position)) issues.push({ path: "position", message: "Must be an integer 0..32767" });
  if (body.question_id !== undefined && !isUuid(body.question_id)) issues.push({ path: "question_id", message: "Invalid UUID" });
  if (body.quiz_id !== undefined && !isUuid(body.quiz_id)) issues.push({ path: "quiz_id", message: "Invalid UUID" });
  if (body.question_role !== undefined && !QUESTION_ROLES.includes(body.question_role))
    issues.push({ path: "question_role", message: "Invalid option" });
  if (body.type === "question") {
    if (!body.question_id) issues.push({ path: "question_id", message: "Required for a question block" });
    if (!body.question_role) issues.push({ path: "question_role", message: "Required for a question block" });
  } else {
    if (body.question_id !== undefined) issues.push({ path: "question_id", message: "Only a question block takes question_id" });
    if (body.question_role !== undefined) issues.push({ path: "question_role", message: "Only a question block takes question_role" });
  }
  if (body.type === "quiz") {
    if (!body.quiz_id) issues.push({ path: "quiz_id", message: "Required for a quiz block" });
  } else if (body.quiz_id !== undefined) issues.push({ path: "quiz_id", message: "Only a quiz block takes quiz_id" });
  const content = body.content === undefined || body.content === null ? null : JSON.stringify(body.content);
  if (content !== null && Buffer.byteLength(content) > 200_000) issues.push({ path: "content", message: "At most 200000 bytes of JSON" });
  if (issues.length) throw invalid(issues);

  // Reads first, outside the lesson's turn: access and references, one statement.
  const refs = `${body.question_id ? `EXISTS (SELECT 1 FROM questions q WHERE q.id = ${lit(body.question_id)}::uuid AND q.project_id = acc.project_id AND q.deleted_at IS NULL)` : "true"} AS question_ok,
    ${body.quiz_id ? `EXISTS (SELECT 1 FROM quizzes z WHERE z.id = ${lit(body.quiz_id)}::uuid AND z.project_id = acc.project_id AND z.deleted_at IS NULL)` : "true"} AS quiz_ok`;
  const checked = (await pool.query(`WITH acc AS (${writableLesson(lessonId, caller.userId)}) SELECT ${refs} FROM acc`)).rows[0];
  if (!checked) throw new HttpError(404, "not_found", "Lesson not found");
  if (!checked.question_ok || !checked.quiz_ok) {
    throw invalid([
      ...(checked.question_ok ? [] : [{ path: "question_id", message: "No such question in this project" }]),
      ...(checked.quiz_ok ? [] : [{ path: "quiz_id", message: "No such quiz in this project" }]),
    ]);
  }
  // Then, in the lesson's turn, one statement (its own transaction): the lesson's row taken at the
  // children_version this snapshot shows; count, shift, insert; the audit event; the answer. If the
  // lesson's blocks changed meanwhile, `parent` is empty, nothing is written, and it runs again.
  const L = `${lit(lessonId)}::uuid`;
  const at = body.position === undefined ? "n.n" : `LEAST(${body.position}, n.n)`;
  const answer = await inTurn(`lessons:${lessonId}`, async () => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const blockId = randomUUID();
      const { rows } = await pool.query(`WITH parent AS (
          UPDATE lessons SET children_version = children_version + 1
          WHERE id = ${L} AND deleted_at IS NULL AND children_version = (SELECT children_version FROM lessons WHERE id = ${L})
          RETURNING id),
        gone AS (SELECT NOT EXISTS (SELECT 1 FROM lessons WHERE id = ${L} AND deleted_at IS NULL) AS gone),
        n AS (SELECT count(*)::int AS n FROM blocks WHERE lesson_id = ${L} AND deleted_at IS NULL),
        at AS (SELECT ${at} AS at FROM n, parent),
        shift AS (UPDATE blocks SET position = position + 1 FROM at WHERE lesson_id = ${L} AND deleted_at IS NULL AND position >= at.at),
        b AS (INSERT INTO blocks (id, lesson_id, type, position, content, question_role, question_id, quiz_id, created_at, updated_at)
          SELECT ${lit(blockId)}::uuid, ${L}, ${lit(body.type)}, at.at, ${lit(content)}::jsonb, ${lit(body.question_role)},
            ${lit(body.question_id)}::uuid, ${lit(body.quiz_id)}::uuid, now(), now() FROM at
          RETURNING id, lesson_id, type, position, content, question_role, question_id, quiz_id, created_at, updated_at),
        a AS (INSERT INTO audit_events (${AUDIT_COLUMNS}) SELECT ${auditValues(caller, randomUUID(), "create_block", blockId)} FROM b)
        SELECT gone.gone, (SELECT ${blockJson(false)} FROM b LEFT JOIN questions q ON q.id = b.question_id LEFT JOIN quizzes z ON z.id = b.quiz_id) AS j
        FROM gone`);
      if (rows[0].j) return rows[0].j;
      if (rows[0].gone) throw new HttpError(404, "not_found", "Lesson not found");
    }
    throw new Error("create_block: too many attempts");
  });
  send(res, 201, answer);
}

const LESSON_JSON = `json_build_object('id', l.id, 'module_id', l.module_id, 'title', l.title, 'position', l.position, 'blocks', NULL,
  'published_at', ${iso("l.published_at")}, 'created_at', ${iso("l.created_at")}, 'updated_at', ${iso("l.updated_at")})::text`;

// PATCH /lessons/{id} with {position} (and/or title): lessons.ts updateLesson + positions.ts moveTo/moveWithin.
async function updateLesson(res, caller, lessonId, _url, body) {
  const issues = [];
  if (body.position !== undefined && !isPosition(body.position)) issues.push({ path: "position", message: "Must be an integer 0..32767" });
  if (body.title !== undefined && (typeof body.title !== "string" || body.title.trim().length < 1 || body.title.length > 200))
    issues.push({ path: "title", message: "1..200 characters" });
  if (body.module_id !== undefined) issues.push({ path: "module_id", message: "Not served by the physical floor" });
  if (body.position === undefined && body.title === undefined)
    issues.push({ path: "", message: "Send at least one of title, position, module_id" });
  if (issues.length) throw invalid(issues);

  // Access first, outside the module's turn; it also names the module whose turn to wait for.
  const L = `${lit(lessonId)}::uuid`;
  const moduleId = (await pool.query(`SELECT module_id FROM (${writableLesson(lessonId, caller.userId)}) acc`)).rows[0]?.module_id;
  if (!moduleId) throw new HttpError(404, "not_found", "Lesson not found");
  const moves = body.position !== undefined;
  const title = body.title === undefined ? "s.title" : lit(body.title);
  // One statement: the module's row taken at the children_version this snapshot shows (only for a
  // move: a rename touches no sibling); the lesson's place, count, shift; the lesson placed, titled
  // and stamped; the event; the answer. If the module's lessons changed meanwhile, nothing is
  // written and it runs again.
  const statement = () => `WITH place AS (SELECT module_id AS parent_id, position AS f FROM lessons WHERE id = ${L} AND deleted_at IS NULL),
      parent AS (
        UPDATE modules SET children_version = children_version + 1
        WHERE ${moves} AND id = (SELECT parent_id FROM place) AND deleted_at IS NULL
          AND children_version = (SELECT children_version FROM modules WHERE id = (SELECT parent_id FROM place))
        RETURNING id),
      gone AS (SELECT NOT EXISTS (SELECT 1 FROM place JOIN modules pm ON pm.id = place.parent_id WHERE pm.deleted_at IS NULL) AS gone),
      n AS (SELECT count(*)::int AS n FROM lessons WHERE module_id = (SELECT parent_id FROM place) AND deleted_at IS NULL),
      t AS (SELECT place.f, ${moves ? `LEAST(${body.position}, n.n - 1)` : "place.f"} AS t FROM place, n ${moves ? ", parent" : ""}),
      shift AS (UPDATE lessons s SET position = s.position + CASE WHEN t.t > t.f THEN -1 ELSE 1 END FROM t
        WHERE s.module_id = (SELECT parent_id FROM place) AND s.deleted_at IS NULL AND s.id <> ${L}
          AND ((t.t > t.f AND s.position > t.f AND s.position <= t.t) OR (t.t < t.f AND s.position >= t.t AND s.position < t.f))),
      l AS (UPDATE lessons s SET position = t.t, title = ${title}, updated_at = now() FROM t WHERE s.id = ${L}
        RETURNING s.id, s.module_id, s.title, s.position, s.published_at, s.created_at, s.updated_at),
      a AS (INSERT INTO audit_events (${AUDIT_COLUMNS}) SELECT ${auditValues(caller, randomUUID(), "update_lesson", lessonId)} FROM l)
    SELECT gone.gone, (SELECT ${LESSON_JSON} FROM l) AS j FROM gone`;
  const run = async () => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const { rows } = await pool.query(statement());
      if (rows[0].j) return rows[0].j;
      if (rows[0].gone) throw new HttpError(404, "not_found", "Lesson not found");
    }
    throw new Error("update_lesson: too many attempts");
  };
  const answer = moves ? await inTurn(`modules:${moduleId}`, run) : await run();
  send(res, 200, answer);
}

// The quiz, the caller's role, whether a learner may take it, and its undeleted questions in quiz
// order with their options in order (ids and the answer key): one statement, outside any transaction.
const QUIZ_SQL = `SELECT ms.role,
    CASE WHEN ms.role = 'learner' THEN EXISTS (
      SELECT 1 FROM blocks b JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id
      JOIN courses c ON c.id = m.course_id JOIN projects bp ON bp.id = c.project_id
      WHERE b.type = 'quiz' AND b.quiz_id = z.id AND b.deleted_at IS NULL AND l.deleted_at IS NULL AND l.published_at IS NOT NULL
        AND m.deleted_at IS NULL AND c.deleted_at IS NULL AND c.published_at IS NOT NULL AND bp.deleted_at IS NULL) ELSE true END AS placed,
    COALESCE((SELECT json_agg(json_build_object('id', q.id, 'options',
        COALESCE((SELECT json_agg(json_build_object('id', o.id, 'c', o.is_correct) ORDER BY o.sort_order)
                  FROM question_options o WHERE o.question_id = q.id), '[]'::json)) ORDER BY qq.sort_order)
      FROM quiz_questions qq JOIN questions q ON q.id = qq.question_id WHERE qq.quiz_id = z.id AND q.deleted_at IS NULL), '[]'::json) AS questions
  FROM quizzes z JOIN projects p ON p.id = z.project_id JOIN memberships ms ON ms.workspace_id = p.workspace_id AND ms.user_id = $2
  WHERE z.id = $1 AND z.deleted_at IS NULL AND p.deleted_at IS NULL`;

// The attempt and its audit event in one statement: one transaction without BEGIN/COMMIT.
const ATTEMPT_SQL = `WITH a AS (INSERT INTO quiz_attempts (id, quiz_id, user_id, score_correct, score_total, percentage, answers, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING created_at),
  e AS (INSERT INTO audit_events (${AUDIT_COLUMNS}) VALUES ($8, $3, $9, 'api', $10, $11, $12, 'submit_quiz', $2, NULL, now()))
  SELECT ${iso("a.created_at")} AS created_at FROM a`;

// POST /quizzes/{id}/submit: quizzes.ts submitQuiz + scoring.ts.
async function submitQuiz(res, caller, quizId, _url, body) {
  const answers = body?.answers;
  const issues = [];
  if (!Array.isArray(answers) || answers.length > 500) issues.push({ path: "answers", message: "An array of at most 500 answers" });
  else {
    answers.forEach((a, i) => {
      if (!isUuid(a?.question_id)) issues.push({ path: `answers.${i}.question_id`, message: "Invalid UUID" });
      if (!Array.isArray(a?.selected_option_ids) || a.selected_option_ids.length > 50 || !a.selected_option_ids.every(isUuid))
        issues.push({ path: `answers.${i}.selected_option_ids`, message: "An array of at most 50 UUIDs" });
    });
    if (!issues.length && new Set(answers.map((a) => a.question_id)).size !== answers.length)
      issues.push({ path: "answers", message: "Each question may be answered once" });
  }
  if (issues.length) throw invalid(issues);
  const { rows } = await prepared(QUIZ_SQL, [quizId, caller.userId]);
  const quiz = rows[0];
  if (!quiz) throw new HttpError(404, "not_found", "Quiz not found");
  if (!quiz.placed) throw new HttpError(403, "forbidden", "This quiz is not part of a lesson you can take");
  // Validation and scoring as scoreAnswers / scoreAttempt do.
  const byId = new Map(quiz.questions.map((q) => [q.id, q]));
  answers.forEach((answer, i) => {
    const question = byId.get(answer.question_id);
    if (!question) return issues.push({ path: `answers.${i}.question_id`, message: "Not a question of this quiz" });
    const own = new Set(question.options.map((o) => o.id));
    answer.selected_option_ids.forEach((id, j) => {
      if (!own.has(id)) issues.push({ path: `answers.${i}.selected_option_ids.${j}`, message: "Not an option of this question" });
    });
  });
  if (issues.length) throw invalid(issues);
  const selected = new Map(answers.map((a) => [a.question_id, a.selected_option_ids]));
  const results = quiz.questions.map((q) => {
    const correct = q.options.filter((o) => o.c).map((o) => o.id);
    const picked = selected.get(q.id);
    const chosen = [...new Set(picked ?? [])];
    const isCorrect = picked !== undefined && chosen.length === correct.length && chosen.every((id) => correct.includes(id));
    return { question_id: q.id, is_correct: isCorrect, selected_option_ids: chosen, correct_option_ids: correct };
  });
  const scoreCorrect = results.filter((r) => r.is_correct).length;
  const scoreTotal = results.length;
  const percentage = scoreTotal === 0 ? 0 : (100 * scoreCorrect) / scoreTotal;
  const attemptId = randomUUID();
  const written = await prepared(ATTEMPT_SQL, [
    attemptId,
    quizId,
    caller.userId,
    scoreCorrect,
    scoreTotal,
    percentage,
    JSON.stringify(results),
    randomUUID(),
    caller.name,
    caller.apiKeyId,
    caller.keyName,
    caller.keyPrefix,
  ]);
  send(
    res,
    201,
    JSON.stringify({
      attempt_id: attemptId,
      score_correct: scoreCorrect,
      score_total: scoreTotal,
      percentage,
      results,
      created_at: written.rows[0].created_at,
    }),
  );
}

// ---- The proposals service ------------------------------------------------------------------
// Its errors are {error: {code, message}} (contract.md, "Proposals service").
class ProposalsError extends HttpError {}
const proposalsError = (status, code, message) => new ProposalsError(status, code, message);

// An active member of the company (lib/proposals/access.ts: a membership that is not disabled).
const COMPANY_ACCESS_SQL = `SELECT 1 FROM companies c JOIN company_members cm ON cm.company_id = c.id
  WHERE c.id = $1 AND cm.user_id = $2 AND NOT cm.disabled`;

// The app's statement for a whole library, active items without sources (lib/proposals/content/content-json.ts), same text.
const CONTENT_LIST_SQL = `
    SELECT '{"data":[' || coalesce(string_agg(t.json, ',' ORDER BY t.created_at DESC, t.id DESC), '') || ']}' AS json
    FROM (
      SELECT p.created_at, p.id, (
        SELECT row_to_json(item)::text FROM (
          SELECT p.id AS product_id, v.id AS variation_id, CASE WHEN jsonb_typeof(p.title) = 'object' THEN p.title ELSE '{}'::jsonb END AS title, CASE WHEN jsonb_typeof(p.description) = 'object' THEN p.description ELSE '{}'::jsonb END AS description,
            floor(extract(epoch FROM p.created_at))::bigint AS created_at,
            
            
            p.integration_id, p.integration_metadata, p.price::float8 AS price, p.tax_rate::float8 AS tax_rate, p.unit, p.course_id
        ) item
      ) AS json
      FROM products p JOIN variations v ON v.product_id = p.id
      WHERE p.company_id = ANY($1::int[]) AND p.archived_at IS NULL
    ) t`;

// GET /api/proposals/v3/content?company_id=: access, then the list, as the app reads it on a cache miss.
async function listContent(res, caller, _id, url) {
  const companyId = Number(url.searchParams.get("company_id"));
  if ([...url.searchParams.keys()].some((k) => k !== "company_id") || !Number.isInteger(companyId) || companyId < 1)
    throw proposalsError(400, "VALIDATION_ERROR", "The physical floor serves company_id alone");
  if (!(await prepared(COMPANY_ACCESS_SQL, [companyId, caller.userId])).rows.length)
    throw proposalsError(404, "NOT_FOUND", "Company not found");
  send(res, 200, (await prepared(CONTENT_LIST_SQL, [[companyId]])).rows[0].json);
}

// With the key: the proposal's company, status and whether the caller is an active member of it
// (get-proposal.ts proposalHeadFor), as JSON text; NULL for an unknown proposal.
const PROPOSAL_HEAD_SQL = `SELECT json_build_object('company_id', p.company_id, 'status', p.status,
    'member', EXISTS (SELECT 1 FROM company_members cm WHERE cm.company_id = p.company_id AND cm.user_id = u.id AND NOT cm.disabled))::text
  FROM proposals p WHERE p.id = $2::uuid`;
// In the transaction: the row lock with the columns a revision reads and the library items named,
// with their images (update-proposal.ts lockForRevision, blocks.ts libraryJsonSql); and the
// currency, whose minor unit the read-back's values are rounded to.
const PROPOSAL_LOCK_SQL = `SELECT company_id, status::text AS status, language, recipient_id, blocks, attachments, currency,
    (SELECT coalesce(json_agg(l), '[]') FROM (
      SELECT v.id AS variation_id, p.company_id, p.archived_at IS NOT NULL AS archived, p.title, p.description,
        coalesce((SELECT array_agg(a.uuid::text ORDER BY i.position) FROM product_images i JOIN assets a ON a.id = i.asset_id
                  WHERE i.product_id = p.id), '{}') AS image_uuids,
        p.price::float8 AS price, p.tax_rate::float8 AS tax_rate, p.unit
      FROM variations v JOIN products p ON p.id = v.product_id WHERE v.id = ANY($2::int[])) l) AS library
  FROM proposals WHERE id = $1 FOR UPDATE`;
// The update with its audit event (update-proposal.ts saveRevision with lib/db/transaction.ts auditEventSql).
const REVISION_SQL = `WITH audit_event AS (
    INSERT INTO audit_events (${AUDIT_COLUMNS}) VALUES ($4, $5, $6, 'api', $7, $8, $9, 'update_proposal', $3, NULL, now()))
  UPDATE proposals SET blocks = $1::jsonb, updated_at = $2::timestamptz WHERE id = $3::uuid`;

const unix = (col) => `floor(extract(epoch FROM ${col}))::bigint`;
const record = (col) => `CASE WHEN jsonb_typeof(${col}) = 'object' THEN ${col} ELSE '{}'::jsonb END`;
// A block's line in minor units of the currency ($2 digits), as proposal-values.ts lineMinorUnits:
// exact decimals, each amount rounded half away from zero (numeric's round); tax only in the
// standard and simplified modes.
const LINE = `(SELECT CASE WHEN t.included THEN round(a.amount * 100 / (100 + a.rate)) ELSE a.amount END AS net,
      CASE WHEN t.included THEN a.amount ELSE a.amount + round(a.amount * a.rate / 100) END AS gross
    FROM (SELECT round(coalesce((b.v->>'price')::numeric, 0) * coalesce((b.v->>'quantity')::numeric, 1)
                 * (100 - coalesce((b.v->>'discount')::numeric, 0)) * power(10::numeric, $2) / 100) AS amount,
            CASE WHEN t.mode IN ('standard', 'simplified') THEN coalesce((b.v->>'tax_rate')::numeric, 0) ELSE 0 END AS rate) a)`;
const major = (minor) => `(${minor} / power(10::numeric, $2))::float8`;
// The proposal as the API answers it (read-model.ts toProposalDto), built by PostgreSQL in one
// statement; the blocks with their choices filled in (block-choices.ts choicesOf) and their values.
// Markdown is not rendered: the floor serves proposals without title_md and description_md (the
// benchmark's drafts), and answers null there otherwise, which the equality check would show.
const PROPOSAL_READ_SQL = `WITH p AS (SELECT * FROM proposals WHERE id = $1),
  t AS (SELECT coalesce(p.tax_options->>'mode', c.tax_mode::text) AS mode, coalesce((p.tax_options->>'tax_included')::boolean, false) AS included,
          coalesce(p.tax_options->>'tax_label_key', '') AS label_key
        FROM p JOIN companies c ON c.id = p.company_id),
  b AS (SELECT b.v, b.i, coalesce((b.v->>'optional')::boolean, false) AS optional, l.net, l.gross
        FROM p, t, jsonb_array_elements(p.blocks) WITH ORDINALITY b(v, i), LATERAL ${LINE} l),
  bj AS (SELECT coalesce(json_agg(json_build_object('uuid', b.v->'uuid', 'type', b.v->'type', 'content_id', b.v->'content_id',
            'title', b.v->'title', 'description', b.v->'description', 'image_uuids', b.v->'image_uuids', 'video_url', b.v->'video_url',
            'price', b.v->'price', 'quantity', b.v->'quantity', 'discount', b.v->'discount', 'tax_rate', b.v->'tax_rate', 'unit', b.v->'unit',
            'optional', b.optional, 'selected', CASE WHEN b.optional THEN coalesce((b.v->>'selected')::boolean, true) ELSE true END,
            'quantity_min', coalesce(b.v->'quantity_min', 'null'), 'quantity_max', coalesce(b.v->'quantity_max', 'null'),
            'value_without_tax', ${major("b.net")}, 'value_with_tax', ${major("b.gross")}) ORDER BY b.i), '[]') AS blocks,
          ${major("coalesce(sum(b.net) FILTER (WHERE NOT b.optional OR coalesce((b.v->>'selected')::boolean, true)), 0)")} AS net,
          ${major("coalesce(sum(b.gross) FILTER (WHERE NOT b.optional OR coalesce((b.v->>'selected')::boolean, true)), 0)")} AS gross
        FROM b)
  SELECT '{"data":' || left(json_build_object(
      'uuid', p.id, 'status', CASE WHEN p.status = 'active' AND p.expires_at <= now() THEN 'expired' ELSE p.status::text END,
      'language', p.language, 'series_uuid', p.series_id,
      'title', CASE WHEN p.title_md = '' THEN '' END, 'title_md', p.title_md,
      'description_html', CASE WHEN p.description_md = '' THEN '' END, 'description_md', p.description_md,
      'archived_at', ${unix("p.archived_at")}, 'expires_at', ${unix("p.expires_at")}, 'status_changed_at', ${unix("p.status_changed_at")},
      'updated_at', ${unix("p.updated_at")}, 'created_at', ${unix("p.created_at")}, 'version', p.version,
      'attachments', (SELECT coalesce(json_agg(json_build_object('id', a->'id', 'name', a->'name', 'mime_type', a->'mime_type', 'url', a->'url')
                                      ORDER BY n), '[]') FROM jsonb_array_elements(p.attachments) WITH ORDINALITY x(a, n)),
      'blocks', bj.blocks,
      'signatures', (SELECT coalesce(json_agg(json_build_object('name', g->'name', 'email', g->'email', 'signed_at', g->'signed_at')
                                     ORDER BY n), '[]') FROM jsonb_array_elements(coalesce(p.signatures, '[]')) WITH ORDINALITY x(g, n)),
      'background_image', CASE WHEN jsonb_typeof(p.background_image) = 'object'
        THEN json_build_object('id', p.background_image->'id', 'uuid', p.background_image->'uuid') END,
      'background_video', CASE WHEN jsonb_typeof(p.background_video) = 'object'
        THEN json_build_object('id', p.background_video->'id', 'uuid', p.background_video->'uuid') END,
      'background_image_uuid', CASE WHEN jsonb_typeof(p.background_image) = 'object' THEN p.background_image->'uuid' END,
      'company_id', p.company_id, 'company_name', c.name, 'company_address', c.address, 'company_email', c.email,
      'company_phone', c.phone, 'company_registration_number', c.registration_number, 'company_logo_uuid', c.logo_uuid,
      'company_avatar_uuid', c.avatar_uuid, 'company_timezone', c.timezone, 'company_tax_mode_live', c.tax_mode,
      'company_powerups', ${record("c.powerups")}, 'company_powerups_live', ${record("c.powerups")})::text, -1) || ',' ||
    substr(json_build_object(
      'contact_name', CASE WHEN cu.id IS NULL THEN cr.name ELSE cu.name END,
      'contact_email', CASE WHEN cu.id IS NULL THEN cr.email ELSE cu.email END, 'contact_phone', '', 'contact_title', '',
      'contact_avatar_transform', '', 'creator_id', cr.number, 'creator_name', cr.name, 'user_email', cr.email,
      'currency', p.currency, 'data', ${record("p.data")}, 'discount_decimals', p.discount_decimals,
      'editor', json_build_object('notification_user_ids', ${record(`(${record("p.editor")})->'notification_user_ids'`)}),
      'invoicing', ${record("p.invoicing")}, 'invoicing_enabled', p.invoicing_enabled, 'payment', ${record("p.payment")},
      'tracking', json_build_object('created_from_rfp', p.tracking_rfp_id, 'created_from_template', p.tracking_template_id),
      'tax_options', json_build_object('mode', t.mode, 'tax_included', t.included, 'tax_label_key', t.label_key),
      'is_agreement', false, 'is_only_proposal_in_series', (SELECT count(*) FROM proposals s WHERE s.series_id = p.series_id) = 1,
      'is_test', p.is_test, 'pending', false, 'pending_reason', '', 'recipient_is_set', r.id IS NOT NULL, 'payments_enabled', false,
      'recipient_id', r.id, 'recipient_name', coalesce(concat_ws(' ', nullif(r.first_name, ''), nullif(r.last_name, '')), ''),
      'recipient_email', coalesce(r.email, ''), 'recipient_phone', coalesce(r.phone, ''), 'recipient_company_name', coalesce(r.company_name, ''),
      'recipient_sources', ${record("r.sources")}, 'recipient_first_viewed_at', ${unix("p.recipient_first_viewed_at")},
      'recipient_viewed_at', ${unix("p.recipient_viewed_at")}, 'recipient_view_count', p.recipient_view_count,
      'value_with_tax', bj.gross, 'value_without_tax', bj.net, 'url', '/p/' || p.id, 'edit_url', '/proposals/' || p.id || '/edit',
      'reminder_days_before', p.reminder_days_before, 'reminder_sent_at', ${unix("p.reminder_sent_at")},
      'change_requests', (SELECT coalesce(json_agg(json_build_object('message', q.message, 'name', q.name, 'created_at', ${unix("q.created_at")})
                                          ORDER BY q.id), '[]')
                          FROM (SELECT * FROM proposal_change_requests q WHERE q.proposal_id = p.id ORDER BY q.id LIMIT 20) q),
      'source_uuid', p.source_id, 'accepted_proposal_uuid', p.accepted_proposal_id)::text, 2) || '}' AS json
  FROM p JOIN companies c ON c.id = p.company_id CROSS JOIN t CROSS JOIN bj
  JOIN users cr ON cr.id = p.creator_user_id LEFT JOIN users cu ON cu.id = p.contact_user_id
  LEFT JOIN contacts r ON r.id = p.recipient_id`;

/** A multilingual field in the proposal's language, else its first language (blocks.ts inLanguage). */
function inLanguage(value, language) {
  const chosen = value?.[language] ?? Object.values(value ?? {}).find((v) => typeof v === "string");
  return typeof chosen === "string" ? chosen : "";
}
const choicesOf = (b) => {
  const optional = b.optional === true;
  return {
    optional,
    selected: optional ? b.selected !== false : true,
    quantity: b.quantity,
    quantity_min: b.quantity_min ?? null,
    quantity_max: b.quantity_max ?? null,
  };
};
const digitsOf = (currency) => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

// PATCH /api/proposals/v3/proposals/{uuid} with {company_id, blocks}: update-proposal.ts, with the
// app's statements and locks: the head and membership with the key (PROPOSAL_HEAD_SQL, the route's
// `read`); then BEGIN, the row lock with the library items, the update with the audit event, the
// proposal read back, COMMIT. Blocks are matched by uuid and take the library's fields when new, as
// blocks.ts resolveBlocks does for content_id and quantity.
async function updateProposal(res, caller, uuid, _url, body) {
  const head = caller.read === null ? null : JSON.parse(caller.read);
  if (!head) throw proposalsError(404, "NOT_FOUND", "Proposal not found");
  if (!head.member) throw proposalsError(401, "UNAUTHORIZED", "You may not edit this proposal: you are not a member of its company");
  const keys = Object.keys(body);
  const blocksOk =
    Array.isArray(body.blocks) &&
    body.blocks.every(
      (b) =>
        b &&
        Number.isInteger(b.content_id) &&
        Number.isInteger(b.quantity) &&
        b.quantity >= 1 &&
        (b.uuid === undefined || isUuid(b.uuid)) &&
        Object.keys(b).every((k) => ["content_id", "quantity", "uuid"].includes(k)),
    );
  if (!Number.isInteger(body.company_id) || !blocksOk || keys.some((k) => k !== "company_id" && k !== "blocks"))
    throw proposalsError(400, "VALIDATION_ERROR", "The physical floor serves {company_id, blocks: [{content_id, quantity, uuid?}]}");
  const client = await pool.connect();
  const run = (text, values) => client.query({ name: `p${createHash("sha1").update(text).digest("base64url")}`, text, values });
  try {
    await client.query("BEGIN");
    const ids = [...new Set(body.blocks.map((b) => b.content_id))];
    const row = (await run(PROPOSAL_LOCK_SQL, [uuid, ids])).rows[0];
    if (!row) throw proposalsError(404, "NOT_FOUND", "Proposal not found");
    if (body.company_id !== row.company_id) throw proposalsError(400, "COMPANY_MISMATCH", "company_id is not the proposal's company");
    if (row.status === "withdrawn") throw proposalsError(400, "PROPOSAL_WITHDRAWN", "This proposal is withdrawn");
    if (row.status !== "draft" && row.status !== "template")
      throw proposalsError(409, "NOT_EDITABLE", `A ${row.status} proposal cannot be edited`);
    const library = new Map(row.library.map((r) => [r.variation_id, r]));
    const existing = new Map(row.blocks.map((b) => [b.uuid, b]));
    const blocks = body.blocks.map((block, i) => {
      const item = library.get(block.content_id);
      if (!item || item.company_id !== row.company_id || item.archived)
        throw proposalsError(400, "VALIDATION_ERROR", `blocks.${i}.content_id: No content item with this variation id in this company`);
      const previous = block.uuid ? existing.get(block.uuid) : undefined;
      if (block.uuid && !previous)
        throw proposalsError(400, "VALIDATION_ERROR", `blocks.${i}.uuid: No block with this uuid in this proposal`);
      const base =
        previous && previous.type === "product-block" && previous.content_id === block.content_id
          ? { ...previous }
          : {
              uuid: previous?.uuid ?? randomUUID(),
              type: "product-block",
              content_id: block.content_id,
              video_url: null,
              title: inLanguage(item.title, row.language),
              description: inLanguage(item.description, row.language),
              image_uuids: item.image_uuids,
              price: item.price,
              quantity: 1,
              discount: null,
              tax_rate: item.tax_rate,
              unit: item.unit,
              optional: false,
              selected: true,
              quantity_min: null,
              quantity_max: null,
            };
      return { ...base, ...choicesOf({ ...choicesOf(base), quantity: block.quantity }) };
    });
    await run(REVISION_SQL, [
      JSON.stringify(blocks),
      new Date(),
      uuid,
      randomUUID(),
      caller.userId,
      caller.name,
      caller.apiKeyId,
      caller.keyName,
      caller.keyPrefix,
    ]);
    const answer = (await run(PROPOSAL_READ_SQL, [uuid, digitsOf(row.currency)])).rows[0].json;
    await client.query("COMMIT");
    send(res, 200, answer);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The request's JSON body ({} when empty). */
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (!text) return resolve({});
      try {
        const value = JSON.parse(text);
        if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
        resolve(value);
      } catch {
        reject(new HttpError(400, "invalid_json", "The body is not a JSON object"));
      }
    });
    req.on("error", reject);
  });
}

function send(res, status, body) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}

const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
const ROUTES = [
  ["GET", new RegExp(`^/api/authoring/projects/${UUID}$`), projectTree],
  ["GET", new RegExp(`^/api/authoring/blocks/${UUID}$`), block],
  ["GET", new RegExp(`^/api/authoring/courses/${UUID}/modules$`), modules],
  ["POST", new RegExp(`^/api/authoring/lessons/${UUID}/blocks$`), createBlock],
  ["PATCH", new RegExp(`^/api/authoring/lessons/${UUID}$`), updateLesson],
  ["POST", new RegExp(`^/api/authoring/quizzes/${UUID}/submit$`), submitQuiz],
  ["GET", /^\/api\/proposals\/v3\/(content)$/, listContent],
  ["PATCH", new RegExp(`^/api/proposals/v3/proposals/${UUID}$`), updateProposal, (uuid) => ({ sql: PROPOSAL_HEAD_SQL, values: [uuid] })],
];

/**
 * The warm-read floor (issue 30): bytes put here once are sent back as they are by bare node:http,
 * with the headers the app's cached read sends. No database, no routing beyond this, no key: what
 * sending the same answer from memory costs on this machine.
 */
const held = new Map();

async function memoryFloor(req, res, key) {
  if (req.method === "PUT") {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    held.set(key, Buffer.concat(chunks));
    return send(res, 200, '{"held":true}');
  }
  const bytes = held.get(key);
  if (!bytes) return send(res, 404, '{"error":"Not held","code":"not_found"}');
  res.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": bytes.byteLength,
    etag: `"${key}"`,
    "cache-control": "private, no-cache",
  });
  res.end(bytes);
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, "http://localhost");
    if (url.pathname === "/health") return send(res, 200, '{"status":"ok"}');
    if (url.pathname.startsWith("/memory/")) return await memoryFloor(req, res, url.pathname.slice("/memory/".length));
    const route = ROUTES.find(([method, re]) => method === req.method && re.test(url.pathname));
    if (!route) return send(res, 404, '{"error":"Not found","code":"not_found"}');
    const body = req.method === "GET" ? undefined : await readBody(req);
    const id = route[1].exec(url.pathname)[1];
    // A route's read that rides with the key lookup (the fourth element), as the app's readWithKey.
    const caller = await callerOf(req, route[3]?.(id));
    if (!caller) return send(res, 401, '{"error":"Invalid API key","code":"unauthorized"}');
    await route[2](res, caller, id, url, body);
  } catch (error) {
    if (error instanceof ProposalsError) {
      if (!res.headersSent) send(res, error.status, JSON.stringify({ error: { code: error.code, message: error.message } }));
      return;
    }
    if (error instanceof HttpError) {
      if (!res.headersSent)
        send(
          res,
          error.status,
          JSON.stringify({ error: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) }),
        );
      return;
    }
    console.error(error);
    if (!res.headersSent) send(res, 500, '{"error":"Internal error","code":"internal_error"}');
    else res.destroy();
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT) || 4100, "127.0.0.1", () => console.log(`baseline listening on ${server.address().port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => pool.end().then(() => process.exit(0))));
