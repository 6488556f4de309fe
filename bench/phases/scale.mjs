// A phase of `npm run bench`, after the exports: scale (bench/README.md, Method, "Two instances"). A second app
// instance on the run's database, and two reads sent to one instance and then split between the
// two, in turn: the warm 2,000-block tree and GET /blocks/{id}. Reported, no target: on two cores
// shared with PostgreSQL and the load generator, a second instance has little CPU to add.
import { startApp } from "../app.mjs";
import { cannon, loop, round, waitIdle } from "../load.mjs";
import { ROUNDS, SLICE, SMALL_CONNECTIONS, results, say } from "./context.mjs";

/** Connections of the tree reads, and requests per turn: at the warm read's ~5 ms, about a second of load. */
const TREE = { connections: 8, total: 320 };

export async function scalePhase({ app, dbUrl, idle }, { auth, mid, t2k }) {
  say("a second app instance on the same database");
  const second = await startApp({ env: { DATABASE_URL: dbUrl }, name: "second app" });
  try {
    const quiet = async () => {
      await idle();
      await waitIdle([second.pid]);
    };
    const bases = { one: [app.base], two: [app.base, second.base] };
    const tree = `/api/authoring/projects/${mid.id}`;
    // Each instance builds the tree once (its own cache): the reads below are warm on both.
    for (const base of bases.two) await loop({ url: base + tree, connections: 1, total: 2, headers: auth });

    /** The same connections, all on one instance or half on each, at once; throughput over the wall time of the whole. */
    const readTree = async (targets) => {
      const started = performance.now();
      const runs = await Promise.all(
        targets.map((base) =>
          loop({ url: base + tree, connections: TREE.connections / targets.length, total: TREE.total / targets.length, headers: auth }),
        ),
      );
      return { ...joined(runs), rps: round(TREE.total / ((performance.now() - started) / 1000), 1) };
    };
    const getBlock = async (targets) => {
      const runs = await Promise.all(
        targets.map((base) =>
          cannon({
            url: `${base}/api/authoring/blocks/${t2k.questionBlockId}`,
            headers: auth,
            connections: SMALL_CONNECTIONS / targets.length,
            duration: SLICE,
          }),
        ),
      );
      return {
        ...joined(runs),
        rps: round(
          runs.reduce((sum, r) => sum + r.rps, 0),
          1,
        ),
      };
    };

    const figures = {};
    for (const [key, measure, what] of [
      ["tree_2k_warm", readTree, `full tree 2k warm, ${TREE.connections} connections`],
      ["block_get", getBlock, `GET /blocks/{id}, ${SMALL_CONNECTIONS} connections`],
    ]) {
      say(`${what}: one instance, then two, ${ROUNDS} rounds in turn`);
      const turns = { one: [], two: [] };
      for (let pass = 0; pass < ROUNDS; pass++) {
        for (const count of ["one", "two"]) {
          await quiet();
          turns[count].push(await measure(bases[count]));
        }
      }
      const one = median(turns.one);
      const two = median(turns.two);
      figures[key] = { one, two, two_over_one: round(two.rps / one.rps, 2) };
    }
    results.scale = figures;
  } finally {
    await second.stop();
  }
}

/** The runs sent at once to each instance: the slower instance's p50 and p99, every status and error. */
function joined(runs) {
  const failures = runs.reduce((sum, r) => sum + (r.non2xx ?? 0) + (r.errors ?? 0), 0);
  const non2xx = runs.reduce((sum, r) => sum + Object.entries(r.statuses ?? {}).reduce((n, [s, c]) => n + (s < 300 ? 0 : c), 0), 0);
  return {
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    per_instance_rps: runs.map((r) => r.rps),
    failures: failures + non2xx,
  };
}

/** The turn of median throughput, whole (its p50 and p99 with it), and every turn's req/s. */
function median(turns) {
  const sorted = [...turns].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor(sorted.length / 2)], turns_rps: turns.map((t) => t.rps) };
}
