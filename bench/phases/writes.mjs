// Phase 6 of `npm run bench`: the writes among siblings and the quiz submissions, each on the app
// and on the physical floor's copies of its rows (bench/README.md, Method, "Small requests"), and
// afterwards every sibling set written still at positions 0..n-1.
import { P, random, results, say, SEED, submission } from "./context.mjs";

// Each write workload on the app and the same on the physical floor (its own copies of the rows),
// the same seeded sequence of parents and positions on both.
export async function writeWorkloads(
  { app, baseline },
  { auth, q, blockLessons, blockLessonsP, lessonModules, lessonModulesP, lessonSets, lessonSetsP, quizzes, quizzesP },
  { sideBySide, floorAuth },
) {
  const blockCounts = async (lessonIds) =>
    (
      await q("SELECT count(*)::int AS n FROM blocks WHERE lesson_id = ANY($1::uuid[]) AND deleted_at IS NULL GROUP BY lesson_id", [
        lessonIds,
      ])
    ).map((r) => r.n);
  const inserts = (key, base, lessonIds, n) => {
    const next = random(`${SEED}:${key.replace("_physical", "")}`);
    const body = { type: "text", position: Math.floor(n / 2), content: { body: "Inserted by the benchmark." } };
    const path = () => `/api/authoring/lessons/${lessonIds[Math.floor(next() * lessonIds.length)]}/blocks`;
    return [key, { url: `${base}${path()}`, method: "POST", headers: auth, body, setupRequest: (req) => ({ ...req, path: path() }) }];
  };
  const moves = (key, base, sets, n) => {
    const next = random(`${SEED}:${key.replace("_physical", "")}`);
    const move = () => {
      const ids = sets[Math.floor(next() * sets.length)];
      return { path: `/api/authoring/lessons/${ids[Math.floor(next() * n)]}`, body: { position: Math.floor(next() * n) } };
    };
    const first = move();
    const setupRequest = (req) => {
      const { path, body } = move();
      return { ...req, path, body: JSON.stringify(body) };
    };
    return [key, { url: `${base}${first.path}`, method: "PATCH", headers: auth, body: first.body, setupRequest }];
  };
  const writeGroups = [];
  for (const n of [500, 50]) {
    writeGroups.push({
      sets: [
        [`block_insert_${n}`, blockLessons[n]],
        [`block_insert_${n}_physical`, blockLessonsP[n]],
      ],
      group: [
        inserts(`block_insert_${n}`, app.base, blockLessons[n], n),
        inserts(`block_insert_${n}_physical`, baseline.base, blockLessonsP[n], n),
      ],
    });
  }
  // 16 writers on one parent: they take turns by design, so this shows the wait, not the work.
  writeGroups.push({
    sets: [
      ["block_insert_500_one_parent", [blockLessons[500][0]]],
      ["block_insert_500_one_parent_physical", [blockLessonsP[500][0]]],
    ],
    group: [
      inserts("block_insert_500_one_parent", app.base, [blockLessons[500][0]], 500),
      inserts("block_insert_500_one_parent_physical", baseline.base, [blockLessonsP[500][0]], 500),
    ],
  });
  for (const { sets, group } of writeGroups) {
    const before = await Promise.all(sets.map(([, ids]) => blockCounts(ids)));
    await sideBySide(group);
    for (const [i, [key, ids]] of sets.entries()) {
      const after = await blockCounts(ids);
      P[key].siblings = { parents: ids.length, before_max: Math.max(...before[i]), after_max: Math.max(...after) };
    }
  }
  for (const n of [500, 50]) {
    await sideBySide([
      moves(`lesson_move_${n}`, app.base, lessonSets[n], n),
      moves(`lesson_move_${n}_physical`, baseline.base, lessonSetsP[n], n),
    ]);
    for (const key of [`lesson_move_${n}`, `lesson_move_${n}_physical`]) P[key].siblings = { parents: lessonSets[n].length, each: n };
  }
  await sideBySide([
    moves("lesson_move_500_one_parent", app.base, [lessonSets[500][0]], 500),
    moves("lesson_move_500_one_parent_physical", baseline.base, [lessonSetsP[500][0]], 500),
  ]);
  for (const n of [50, 10]) {
    const quizRequest = (base, quiz) => ({
      url: `${base}/api/authoring/quizzes/${quiz.quizId}/submit`,
      method: "POST",
      headers: auth,
      body: submission(quiz),
    });
    // The framework floor of a write: the key lookup and reading the submission's body, in an App
    // Router route handler and in a Pages Router API route (/api/bench/pages-auth).
    const suffix = n === 50 ? "" : `_${n}`;
    const post = { ...floorAuth, method: "POST", body: submission(quizzes[n]) };
    await sideBySide([
      [`floor_auth_post${suffix}`, post],
      [`floor_pages_auth_post${suffix}`, { ...post, url: `${app.base}/api/bench/pages-auth` }],
      [`quiz_submit_${n}`, quizRequest(app.base, quizzes[n])],
      [`quiz_submit_${n}_physical`, quizRequest(baseline.base, quizzesP[n])],
    ]);
  }
  // After the write runs, every sibling set written is still at positions 0..n-1.
  for (const [name, table, column, parents] of [
    ["blocks among 500 (app)", "blocks", "lesson_id", blockLessons[500]],
    ["blocks among 50 (app)", "blocks", "lesson_id", blockLessons[50]],
    ["blocks among 500 (physical floor)", "blocks", "lesson_id", blockLessonsP[500]],
    ["blocks among 50 (physical floor)", "blocks", "lesson_id", blockLessonsP[50]],
    ["lessons among 500 (app)", "lessons", "module_id", lessonModules[500]],
    ["lessons among 50 (app)", "lessons", "module_id", lessonModules[50]],
    ["lessons among 500 (physical floor)", "lessons", "module_id", lessonModulesP[500]],
    ["lessons among 50 (physical floor)", "lessons", "module_id", lessonModulesP[50]],
  ]) {
    const [got] = await q(
      `SELECT count(*)::int AS rows, count(DISTINCT ${column})::int AS parents, count(*) FILTER (WHERE position <> rank)::int AS misplaced
       FROM (SELECT ${column}, position, row_number() OVER (PARTITION BY ${column} ORDER BY position, id) - 1 AS rank
             FROM ${table} WHERE ${column} = ANY($1::uuid[]) AND deleted_at IS NULL) x`,
      [parents],
    );
    const ok = got.misplaced === 0 && got.parents === parents.length;
    results.positions[name] = { rows: got.rows, parents: got.parents, ok };
    if (!ok) say(`positions of ${name}: ${got.misplaced} of ${got.rows} rows are not at 0..n-1 of their parent`);
  }
}
