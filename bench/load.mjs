// Load drivers: autocannon for small requests (fixed duration), and a keep-alive loop with a fixed
// number of requests for big reads (each timed to its last byte), plus the server probes: waiting
// until it is idle, and its peak memory.
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** autocannon on one route: {p50, p99, rps, total, non2xx, errors}. */
export async function cannon({ url, connections, duration, method = "GET", headers = {}, body, setupRequest }) {
  const result = await autocannon({
    url,
    connections,
    duration,
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    requests: setupRequest ? [{ setupRequest }] : undefined,
    timeout: 30,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: round(result.requests.total / result.duration, 1),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * `total` requests over `connections` keep-alive connections; `before(i)` runs untimed before
 * request i on the same worker (e.g. a write that makes the next read cold). Returns
 * {p50, p99, rps, total, statuses, bytes}.
 */
export async function loop({ url, connections, total, headers = {}, before, method = "GET" }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  const statuses = {};
  let bytes = 0;
  const etags = new Set();
  let next = 0;
  let busy = 0; // time spent in timed requests, summed over workers
  const start = performance.now();
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= total) return;
      if (before) await before(i);
      const t0 = performance.now();
      const res = await request(url, { agent, headers, method, discard: true });
      const ms = performance.now() - t0;
      busy += ms;
      times.push(ms);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      bytes = Math.max(bytes, res.bytes);
      if (res.headers.etag) etags.add(res.headers.etag);
    }
  }
  await Promise.all(Array.from({ length: connections }, worker));
  const wall = (performance.now() - start) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const pick = (q) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))], 1);
  // With `before`, wall time includes the writes: throughput counts the timed part only.
  const rps = before ? (connections * total) / (busy / 1000) : total / wall;
  // Distinct entity tags seen: a cold run should see one per request (each read follows a write).
  return { p50: pick(0.5), p99: pick(0.99), rps: round(rps, 2), total, statuses, bytes, etags: etags.size };
}

/**
 * One HTTP request read to its end: {status, headers, body: Buffer, bytes}. With `discard` the body
 * is counted and dropped as it arrives (body is null): a timed read then ends at its last byte, not
 * after the client has joined 11 MB of chunks into one buffer and collected them.
 */
export function request(url, { agent, headers = {}, method = "GET", body, rawBody, discard = false } = {}) {
  return new Promise((resolve, reject) => {
    // `rawBody`: bytes sent as they are (an answer handed to the memory floor); `body`: an object sent as JSON.
    const data = rawBody ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
    const req = http.request(
      url,
      { agent, method, headers: { ...headers, ...(data ? { "content-type": "application/json", "content-length": data.length } : {}) } },
      (res) => {
        const chunks = [];
        let bytes = 0;
        res.on("data", (c) => {
          bytes += c.length;
          if (!discard) chunks.push(c);
        });
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: discard ? null : Buffer.concat(chunks), bytes }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

function cpuTicks(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) used so far by the processes of a server and by PostgreSQL's
 * processes (every process named postgres: backends, WAL writer, autovacuum). Differences over a
 * run, divided by its requests, give the CPU each request cost on each side. A process that ends
 * during the run takes its time with it (an autovacuum worker's, say), so the PostgreSQL figure is
 * a lower bound.
 */
export function cpuSnapshot(servers) {
  const out = { pg: 0 };
  for (const [name, pid] of Object.entries(servers)) out[name] = processTree(pid).reduce((sum, p) => sum + cpuTicks(p), 0) * 10;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") out.pg += cpuTicks(entry) * 10;
    } catch {
      // gone
    }
  }
  return out;
}

/** Waits until the process (and PostgreSQL's backends, when pids are given) used under 3% of a core for 300 ms, at most `max` ms. */
export async function waitIdle(pids, max = 5000) {
  const deadline = Date.now() + max;
  const total = () => pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  let last = total();
  while (Date.now() < deadline) {
    await sleep(300);
    const now = total();
    // 100 ticks a second: 3% of 300 ms is ~1 tick
    if (now - last <= 1) return;
    last = now;
  }
}

/** The process and its descendants (Linux). */
export function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of fs.readdirSync(`/proc/${out[i]}/task`)) {
        const children = fs.readFileSync(`/proc/${out[i]}/task/${task}/children`, "utf8").trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // gone
    }
  }
  return [...new Set(out)];
}

/**
 * Samples the resident memory of a process tree every 200 ms; `stop()` answers the peak in MB,
 * `phase()` the peak since the previous `phase()` (the kernel's high-water mark of the process is
 * reset at each, so a peak between two samples is still seen).
 */
export function sampleRss(pid) {
  let peak = 0;
  let phasePeak = 0;
  const read = () => {
    let sum = 0;
    for (const p of processTree(pid)) {
      try {
        const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
        const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        sum += Math.max(rss, p === pid ? hwm : 0);
      } catch {
        // gone
      }
    }
    peak = Math.max(peak, sum);
    phasePeak = Math.max(phasePeak, sum);
  };
  read();
  const timer = setInterval(read, 200);
  return {
    phase: () => {
      read();
      const value = round(phasePeak / 1024, 0);
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
      } catch {
        // not ours to reset: the phase peaks then include earlier ones
      }
      phasePeak = 0;
      read();
      return value;
    },
    stop: () => {
      clearInterval(timer);
      read();
      return round(peak / 1024, 0);
    },
  };
}

export const round = (n, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);
