// Phase 9 of `npm run bench`: SQL statements per request, counted by a second app instance behind
// a counting proxy (bench/pg-proxy.mjs; bench/README.md, Method), unless --no-counts.
import { client, startApp } from "../app.mjs";
import { request } from "../load.mjs";
import { startCountingProxy } from "../pg-proxy.mjs";
import { changeEveryCourse, flags, results, say, submission } from "./context.mjs";

export async function countStatements({ dbUrl }, { auth, t2k, blocks, siblingLessons, quizzes, mid, big, mods, companies, proposals }) {
  if (!flags.has("--no-counts")) {
    say("statement counts (app behind a counting proxy)");
    const proxy = await startCountingProxy();
    // Without its background work (the mail and webhook workers, the proposal sweeper): their polls
    // are the instance's, not a request's, and one that lands in a request's window was counted
    // with it (a move counted 3 for a webhook worker's lease). The timed instance keeps them.
    const counted = await startApp({
      env: {
        DATABASE_URL: Object.assign(new URL(dbUrl), { host: `127.0.0.1:${proxy.port}` }).toString(),
        JOBS_WORKER: "off",
        PROPOSAL_SWEEP_MS: "0",
      },
      name: "counted",
    });
    // A key's last use is written at most once a minute (lib/api/authenticate.ts), by whichever
    // request comes then: that write is the key's, not the counted request's, and is left out.
    const isKeyTouch = (sql) => /^\s*UPDATE\s+"public"\."api_keys"\s+SET\s+"last_used_at"/.test(sql);
    const count = async (method, url, body, { warmups = 2, runs = 3, before } = {}) => {
      const seen = [];
      for (let i = 0; i < warmups + runs; i++) {
        if (before) await before();
        const mark = proxy.mark();
        const res = await request(counted.base + url, { method, headers: auth, body });
        if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
        if (i >= warmups) seen.push(proxy.since(mark).filter((sql) => !isKeyTouch(sql)));
      }
      seen.sort((a, b) => a.length - b.length);
      const median = seen[Math.floor(seen.length / 2)];
      return { count: median.length, statements: median.map((s) => s.replace(/\s+/g, " ").slice(0, 160)) };
    };
    const countedApi = client(counted.base, auth);
    const bump = (id) => () => changeEveryCourse(countedApi, id, `count ${Math.random()}`);
    const s = {};
    s.floor_auth = await count("GET", "/api/bench/auth");
    s.floor_auth_limit = await count("GET", "/api/bench/auth-limit");
    s.block_get = await count("GET", `/api/authoring/blocks/${t2k.questionBlockId}`);
    s.block_get_text = await count("GET", `/api/authoring/blocks/${t2k.textBlockId}`);
    for (const n of [50, 500]) {
      s[`block_insert_${n}`] = await count("POST", `/api/authoring/lessons/${blocks[n].lessonId}/blocks`, {
        type: "text",
        position: Math.floor(n / 2),
        content: { body: "Counted." },
      });
      const ids = siblingLessons[n];
      const moves = [
        [ids[1], n - 2],
        [ids[2], 1],
        [ids[3], Math.floor(n / 2)],
        [ids[4], 3],
        [ids[5], n - 1],
      ];
      const move = { count: [], statements: null };
      for (const [id, position] of moves) {
        const r = await count("PATCH", `/api/authoring/lessons/${id}`, { position }, { warmups: 0, runs: 1 });
        // The statements of the move that took the most.
        if (!move.count.length || r.count > Math.max(...move.count)) move.statements = r.statements;
        move.count.push(r.count);
      }
      s[`lesson_move_${n}`] = { count: Math.max(...move.count), counts: move.count, statements: move.statements };
    }
    s.quiz_submit_50 = await count("POST", `/api/authoring/quizzes/${quizzes[50].quizId}/submit`, submission(quizzes[50]));
    s.quiz_submit_10 = await count("POST", `/api/authoring/quizzes/${quizzes[10].quizId}/submit`, submission(quizzes[10]));
    s.tree_2k_cold = await count("GET", `/api/authoring/projects/${mid.id}`, undefined, { warmups: 1, runs: 1, before: bump(mid.id) });
    s.tree_20k_cold = await count("GET", `/api/authoring/projects/${big.id}`, undefined, { warmups: 0, runs: 1, before: bump(big.id) });
    s.modules_500 = await count("GET", `/api/authoring/courses/${mods[500].courseId}/modules?limit=500`);
    // The content list as the timed runs find it (cached after the first); the PATCH as they send it.
    s.content_list_5000 = await count("GET", `/api/proposals/v3/content?company_id=${companies[5000]}`);
    for (const n of [100, 10]) {
      const { uuids, company, blocks: body } = proposals[n];
      s[`proposal_patch_${n}`] = await count("PATCH", `/api/proposals/v3/proposals/${uuids[0]}`, { company_id: company, blocks: body });
    }
    results.statements = s;
    await counted.stop();
    await proxy.close();
  }
}
