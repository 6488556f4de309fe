// Phase 4b of `npm run bench`: a read after an edit (bench/README.md, Method, "A read after an
// edit"): the whole 20,000-block tree read right after one block's content changed through the API,
// each round a block of the next course, against the warm read taken beside it.
import { loop } from "../load.mjs";
import { P, say } from "./context.mjs";

const ROUNDS = 20;

export async function readsAfterEdits({ app, db, idle, rss }, { auth, api, big }) {
  // The first text block of each course, in course order: round i edits course i (20 courses).
  const { rows } = await db.query(
    `SELECT DISTINCT ON (c.position) b.id FROM blocks b
     JOIN lessons l ON l.id = b.lesson_id JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
     WHERE c.project_id = $1 AND b.type = 'text' AND b.deleted_at IS NULL
     ORDER BY c.position, m.position, l.position, b.position`,
    [big.id],
  );
  const url = `${app.base}/api/authoring/projects/${big.id}`;
  const edit = (i) => api("PATCH", `/api/authoring/blocks/${rows[i % rows.length].id}`, { content: { body: `bench edit ${i}` } });
  await idle();
  say(`full tree 20k: a read after one block edit, ${ROUNDS} rounds, each in another course`);
  P.tree_20k_after_edit_c1 = { courses: rows.length, ...(await loop({ url, connections: 1, total: ROUNDS, headers: auth, before: edit })) };
  // The warm read beside it, under the same load, for the ratio.
  await idle();
  P.tree_20k_after_edit_warm_c1 = await loop({ url, connections: 1, total: 2 * ROUNDS, headers: auth });
  P.rss_by_phase["full tree 20k, a read after an edit"] = rss.phase();
}
