// Phase 3 of `npm run bench`: the physical floor answers what the app answers, for three reads and
// the proposals' content lists and, masked for ids and times, three writes and the proposal PATCH
// (bench/README.md, Method, "Floors").
import { request } from "../load.mjs";
import { firstDifference, masked, results, say, submission } from "./context.mjs";

export async function compareWithFloor(
  { app, baseline },
  { auth, mid, t2k, mods, blocks, blocksP, siblingLessons, siblingLessonsP, quizzes, quizzesP, companies, proposals },
) {
  const compared = {
    "GET /projects/{id} (2,000 blocks)": `/api/authoring/projects/${mid.id}`,
    "GET /blocks/{id} (a question block)": `/api/authoring/blocks/${t2k.questionBlockId}`,
    "GET /courses/{id}/modules?limit=500": `/api/authoring/courses/${mods[500].courseId}/modules?limit=500`,
    "GET /v3/content?company_id= (5,000 products)": `/api/proposals/v3/content?company_id=${companies[5000]}`,
    "GET /v3/content?company_id= (500 products)": `/api/proposals/v3/content?company_id=${companies[500]}`,
  };
  for (const [name, url] of Object.entries(compared)) {
    const [a, b] = await Promise.all([request(app.base + url, { headers: auth }), request(baseline.base + url, { headers: auth })]);
    const diff = a.status !== b.status ? `status ${b.status} vs ${a.status}` : firstDifference(JSON.parse(b.body), JSON.parse(a.body));
    results.checks[name] = diff ? `MISMATCH: ${diff}` : "equal";
    if (diff) say(`physical floor differs from the app on ${name}: ${diff}`);
  }
  // One write of each kind, the app's on its rows and the floor's on the floor's copies: the same
  // status and the same JSON once ids and timestamps are masked. Each adds one row to the lesson of
  // 50 blocks (and moves one lesson) on both sides before the timed runs.
  const comparedWrites = {
    "POST /lessons/{id}/blocks (among 50, at 25)": [
      "POST",
      `/api/authoring/lessons/${blocks[50].lessonId}/blocks`,
      `/api/authoring/lessons/${blocksP[50].lessonId}/blocks`,
      { type: "text", position: 25, content: { body: "Compared by the benchmark." } },
    ],
    "PATCH /lessons/{id} (move among 50, 1 to 37)": [
      "PATCH",
      `/api/authoring/lessons/${siblingLessons[50][1]}`,
      `/api/authoring/lessons/${siblingLessonsP[50][1]}`,
      { position: 37 },
    ],
    "POST /quizzes/{id}/submit (10 questions)": [
      "POST",
      `/api/authoring/quizzes/${quizzes[10].quizId}/submit`,
      `/api/authoring/quizzes/${quizzesP[10].quizId}/submit`,
      null,
    ],
  };
  for (const [name, [method, appUrl, floorUrl, body]] of Object.entries(comparedWrites)) {
    const a = await request(app.base + appUrl, { method, headers: auth, body: body ?? submission(quizzes[10]) });
    const b = await request(baseline.base + floorUrl, { method, headers: auth, body: body ?? submission(quizzesP[10]) });
    const diff =
      a.status !== b.status ? `status ${b.status} vs ${a.status}` : firstDifference(masked(JSON.parse(b.body)), masked(JSON.parse(a.body)));
    results.write_checks[name] = diff ? `MISMATCH: ${diff}` : "equal";
    if (diff) say(`physical floor's write differs from the app's on ${name}: ${diff}`);
  }
  // The proposal PATCH, the app's then the floor's on the same draft, as the timed runs send it: the
  // new blocks' uuids are masked (the body names none), and updated_at (the second it was written).
  for (const n of [100, 10]) {
    const name = `PATCH /v3/proposals/{uuid} (${n} blocks)`;
    const { uuids, company, blocks: blocksBody } = proposals[n];
    const url = `/api/proposals/v3/proposals/${uuids[0]}`;
    const body = { company_id: company, blocks: blocksBody };
    const a = await request(app.base + url, { method: "PATCH", headers: auth, body });
    const b = await request(baseline.base + url, { method: "PATCH", headers: auth, body });
    const seen = (res) => masked({ ...JSON.parse(res.body), data: { ...JSON.parse(res.body).data, updated_at: "<time>" } });
    const diff = a.status !== b.status ? `status ${b.status} vs ${a.status}` : firstDifference(seen(b), seen(a));
    results.write_checks[name] = diff ? `MISMATCH: ${diff}` : "equal";
    if (diff) say(`physical floor's write differs from the app's on ${name}: ${diff}`);
  }
}
