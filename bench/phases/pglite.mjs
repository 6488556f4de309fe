// Phase 10 of `npm run bench`: once more on the embedded database (PGlite), a 2,000-block project
// made through the API (bench/README.md, Method, "Embedded database"), unless --no-pglite.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { client, signUpOwner, startApp } from "../app.mjs";
import { cannon, loop, request, waitIdle } from "../load.mjs";
import { changeEveryCourse, DURATION, flags, results, say, SEED, SMALL_CONNECTIONS } from "./context.mjs";

export async function embeddedRun() {
  if (!flags.has("--no-pglite")) {
    say("embedded database (PGlite): 2,000-block project through the app's API");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
    const embedded = await startApp({ env: { DATA_DIR: dataDir }, name: "pglite" });
    try {
      results.pglite = await pgliteRun(embedded);
    } catch (error) {
      results.pglite = { error: String(error.message ?? error) };
    } finally {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** The embedded database: the owner and a 2,000-block project (1 x 20 x 10 x 10) made through the API. */
async function pgliteRun(app) {
  const owner = await signUpOwner(app.base, `${SEED}-pglite`);
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(app.base, auth);
  const p = (await api("POST", "/api/authoring/projects", { name: "Bench 2,000 blocks", workspace_id: owner.workspaceId })).id;
  const categoryId = (await api("POST", `/api/authoring/projects/${p}/categories`, { name: "Bench" })).id;
  const course = await api("POST", `/api/authoring/projects/${p}/courses`, { title: "Course 1" });
  const lessonIds = [];
  for (let m = 1; m <= 20; m++) {
    const mod = await api("POST", `/api/authoring/courses/${course.id}/modules`, { title: `Module ${m}` });
    for (let l = 1; l <= 10; l++)
      lessonIds.push((await api("POST", `/api/authoring/modules/${mod.id}/lessons`, { title: `Lesson ${m}.${l}` })).id);
  }
  let questionBlockId;
  const fill = async (lessonId) => {
    for (let b = 1; b <= 10; b++) {
      if (b % 10 === 0) {
        const question = await api("POST", `/api/authoring/projects/${p}/questions`, {
          category_id: categoryId,
          prompt: `Which holds for ${lessonId}.${b}?`,
          question_type: "single_choice",
          difficulty: 1,
          options: [1, 2, 3, 4].map((o) => ({ label: `Answer ${o}`, is_correct: o === 2 })),
        });
        const block = await api("POST", `/api/authoring/lessons/${lessonId}/blocks`, {
          type: "question",
          question_id: question.id,
          question_role: "practice",
        });
        questionBlockId ??= block.id;
      } else {
        await api("POST", `/api/authoring/lessons/${lessonId}/blocks`, {
          type: "text",
          content: { body: `Paragraph ${b}: ${"seeded words ".repeat(14)}` },
        });
      }
    }
  };
  const queue = [...lessonIds];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let id; (id = queue.shift());) await fill(id);
    }),
  );
  say(`embedded: data ready`);
  const url = `${app.base}/api/authoring/projects/${p}`;
  let n = 0;
  const bump = () => changeEveryCourse(api, p, `bump ${n++}`);
  const out = {};
  await waitIdle([app.pid]);
  out.tree_2k_cold_c1 = await loop({ url, connections: 1, total: 20, headers: auth, before: bump });
  await request(url, { headers: auth });
  out.tree_2k_warm_c1 = await loop({ url, connections: 1, total: 40, headers: auth });
  await waitIdle([app.pid]);
  out.floor_auth = await cannon({ url: `${app.base}/api/bench/auth`, connections: SMALL_CONNECTIONS, duration: DURATION, headers: auth });
  await waitIdle([app.pid]);
  out.block_get = await cannon({
    url: `${app.base}/api/authoring/blocks/${questionBlockId}`,
    connections: SMALL_CONNECTIONS,
    duration: DURATION,
    headers: auth,
  });
  return out;
}
