// A check of the physical floor's writes on a migrated, otherwise empty database (not part of
// `npm run bench`): a user, key and project are made by SQL, then many concurrent block inserts
// and lesson moves go through bench/baseline/server.mjs, and the positions must stay 0..n-1.
//
//   DATABASE_URL=postgresql://…/a_migrated_db node bench/floor-writes-check.mjs
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";
import { startBaseline, stopAll } from "./app.mjs";
import { insertQuiz, insertTree, prepareIds } from "./data.mjs";
import { request } from "./load.mjs";

const url = process.env.DATABASE_URL;
const db = new pg.Client({ connectionString: url });
await db.connect();
const q = async (sql, params) => (await db.query(sql, params)).rows;
await prepareIds(q);
const key = `cak_${randomUUID().replaceAll("-", "")}`;
const [user, ws, project, category] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
await q(`INSERT INTO users (id, email, name, password_hash, updated_at) VALUES ($1, $2, 'Floor Check', 'x', now())`, [
  user,
  `${user}@example.test`,
]);
await q(`INSERT INTO api_keys (id, user_id, name, key_prefix, key_hash) VALUES ($1, $2, 'check', $3, $4)`, [
  randomUUID(),
  user,
  key.slice(0, 12),
  createHash("sha256").update(key).digest("hex"),
]);
await q(`INSERT INTO workspaces (id, name, kind, owner_id, updated_at) VALUES ($1, 'Check', 'personal', $2, now())`, [ws, user]);
await q(`INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, 'admin')`, [ws, user]);
await q(`INSERT INTO projects (id, workspace_id, name, updated_at) VALUES ($1, $2, 'Check', now())`, [project, ws]);
await q(`INSERT INTO categories (id, project_id, name, updated_at) VALUES ($1, $2, 'Check', now())`, [category, project]);
const tree = (prefix, shape, coursePosition) =>
  insertTree(q, { projectId: project, categoryId: category, prefix: `${prefix}:${randomUUID()}`, coursePosition, ...shape });
const blocks = await tree("b", { courses: 1, modules: 1, lessons: 1, blocks: 50 }, 0);
const lessons = await tree("l", { courses: 1, modules: 1, lessons: 50 }, 1);
const quiz = await insertQuiz(q, { projectId: project, lessonId: blocks.lessonId, prefix: `z:${randomUUID()}`, count: 5 });
const lessonIds = (await q(`SELECT id FROM lessons WHERE module_id = $1 ORDER BY position`, [lessons.moduleId])).map((r) => r.id);

const floor = await startBaseline(url);
const auth = { authorization: `Bearer ${key}` };
const call = (method, path, body) => request(floor.base + path, { method, headers: auth, body });
let failures = 0;
const expect = (ok, what) => {
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
};
try {
  const N = 400;
  const statuses = {};
  const count = (r) => (statuses[r.status] = (statuses[r.status] ?? 0) + 1);
  const work = [];
  for (let i = 0; i < N; i++) {
    work.push(() =>
      call("POST", `/api/authoring/lessons/${blocks.lessonId}/blocks`, { type: "text", position: i % 60, content: { body: `b${i}` } }),
    );
    work.push(() => call("PATCH", `/api/authoring/lessons/${lessonIds[(i * 7) % 50]}`, { position: (i * 13) % 55 }));
  }
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      for (let w; (w = work.shift());) count(await w());
    }),
  );
  expect(statuses[201] === N && statuses[200] === N, `${2 * N} concurrent writes answered ${JSON.stringify(statuses)}`);
  for (const [what, sql, parent, n] of [
    ["blocks", "SELECT position FROM blocks WHERE lesson_id = $1 AND deleted_at IS NULL ORDER BY position", blocks.lessonId, 50 + N],
    ["lessons", "SELECT position FROM lessons WHERE module_id = $1 AND deleted_at IS NULL ORDER BY position", lessons.moduleId, 50],
  ]) {
    const got = (await q(sql, [parent])).map((r) => r.position);
    expect(got.length === n && got.every((p, i) => p === i), `${what}: ${got.length} rows at positions 0..${n - 1}`);
  }
  const audits = Number((await q(`SELECT count(*) FROM audit_events WHERE actor_user_id = $1`, [user]))[0].count);
  expect(audits === 2 * N, `${audits} audit events for ${2 * N} writes`);
  const inserted = await call("POST", `/api/authoring/lessons/${blocks.lessonId}/blocks`, {
    type: "text",
    position: 3,
    content: { body: "x" },
  });
  console.log(inserted.status, inserted.body.toString());
  const moved = await call("PATCH", `/api/authoring/lessons/${lessonIds[0]}`, { position: 49 });
  console.log(moved.status, moved.body.toString());
  expect(JSON.parse(moved.body).position === 49, "a move to the end lands at 49");
  const renamed = await call("PATCH", `/api/authoring/lessons/${lessonIds[0]}`, { title: "Renamed" });
  expect(JSON.parse(renamed.body).title === "Renamed" && JSON.parse(renamed.body).position === 49, "a rename keeps the position");
  const submission = {
    answers: quiz.questions.map((x, i) => ({ question_id: x.id, selected_option_ids: [i % 3 ? x.right_option : x.wrong_option] })),
  };
  const submitted = await call("POST", `/api/authoring/quizzes/${quiz.quizId}/submit`, submission);
  console.log(submitted.status, submitted.body.toString().slice(0, 400));
  expect(submitted.status === 201 && JSON.parse(submitted.body).score_correct === 3, "quiz: 3 of 5 right");
  const other = await call("POST", `/api/authoring/lessons/${randomUUID()}/blocks`, { type: "text" });
  expect(other.status === 404, `an unknown lesson answers ${other.status}`);
  const bad = await call("POST", `/api/authoring/quizzes/${quiz.quizId}/submit`, {
    answers: [{ question_id: randomUUID(), selected_option_ids: [] }],
  });
  expect(bad.status === 400, `a foreign question answers ${bad.status}`);
} finally {
  await floor.stop();
  stopAll();
  await db.end();
}
process.exit(failures ? 1 : 0);
