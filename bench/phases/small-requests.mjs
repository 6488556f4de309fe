// Phase 5 of `npm run bench`: small requests side by side with their floors (bench/README.md,
// Method, "Small requests"): the framework floors, GET /blocks/{id} and the module lists. The
// write and proposal workloads (./writes.mjs, ./proposals.mjs) run through the same `sideBySide`.
import { cannon, cpuSnapshot, round } from "../load.mjs";
import { P, ROUNDS, SLICE, SMALL_CONNECTIONS, say } from "./context.mjs";

/**
 * Small requests run side by side: in each of ROUNDS rounds every workload of a group gets one
 * short slice in turn, the framework floor (key lookup) among them, and each figure is the median
 * of its slices. A burst of load from elsewhere on this shared machine then falls on one slice of
 * each workload, not on the whole of one, and every workload has a floor measured beside it
 * (`floor_rps`), which its ratios use.
 */
export function sideBySideRunner({ app, baseline, idle, rss, servers }, { auth }) {
  const floorAuth = { url: `${app.base}/api/bench/auth`, headers: auth };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const sideBySide = async (group, { floor = true } = {}) => {
    const all = floor ? [["floor_auth", floorAuth], ...group] : group;
    const slices = new Map(all.map(([key]) => [key, []]));
    say(`${group.map(([key]) => key).join(", ")}: ${ROUNDS} rounds side by side at ${SMALL_CONNECTIONS} connections`);
    for (let pass = 0; pass < ROUNDS; pass++) {
      for (const [key, options] of all) {
        await idle();
        const server = options.url.startsWith(baseline.base) ? "baseline" : "app";
        const before = cpuSnapshot(servers);
        const slice = await cannon({ connections: SMALL_CONNECTIONS, duration: SLICE, ...options });
        const after = cpuSnapshot(servers);
        const per = (side) => (slice.total ? (after[side] - before[side]) / slice.total : null);
        slices.get(key).push({ ...slice, server_cpu_ms: per(server), pg_cpu_ms: per("pg") });
      }
    }
    const figures = (runs) => ({
      p50: median(runs.map((x) => x.p50)),
      p99: median(runs.map((x) => x.p99)),
      rps: median(runs.map((x) => x.rps)),
      total: runs.reduce((sum, x) => sum + x.total, 0),
      non2xx: runs.reduce((sum, x) => sum + x.non2xx, 0),
      errors: runs.reduce((sum, x) => sum + x.errors, 0),
      slices_rps: runs.map((x) => x.rps),
      server_cpu_ms: round(median(runs.map((x) => x.server_cpu_ms)), 2),
      pg_cpu_ms: round(median(runs.map((x) => x.pg_cpu_ms)), 2),
    });
    const floorRps = floor ? figures(slices.get("floor_auth")).rps : undefined;
    if (floor) (P.floor_auth_beside ??= []).push(floorRps);
    for (const [key] of group) P[key] = { ...figures(slices.get(key)), ...(floorRps ? { floor_rps: floorRps } : {}) };
    // The group ran as one phase: its peak since the last phase, named by its members.
    P.rss_by_phase[group.map(([key]) => key).join(", ")] = rss.phase();
  };
  return { sideBySide, floorAuth };
}

export async function smallReads({ app, baseline, idle }, { auth, t2k, mods }, { sideBySide, floorAuth }) {
  await idle();
  await sideBySide(
    [
      ["floor_noop", { url: `${app.base}/api/bench/noop` }],
      ["floor_auth", floorAuth],
      ["floor_auth_limit", { url: `${app.base}/api/bench/auth-limit`, headers: auth }],
    ],
    { floor: false },
  );
  await sideBySide([
    ["block_get", { url: `${app.base}/api/authoring/blocks/${t2k.questionBlockId}`, headers: auth }],
    ["block_get_physical", { url: `${baseline.base}/api/authoring/blocks/${t2k.questionBlockId}`, headers: auth }],
  ]);
  for (const n of [500, 50]) {
    await sideBySide(
      [app.base, baseline.base].map((base, i) => [
        `modules_${n}${i ? "_physical" : ""}`,
        { url: `${base}/api/authoring/courses/${mods[n].courseId}/modules?limit=500`, headers: auth },
      ]),
    );
  }
}
