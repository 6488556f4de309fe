import { createHash } from "node:crypto";
import type { Tx } from "@/lib/db/client";
/**
 * Rendered project trees, per instance and bounded in memory, keyed by what they depend on: the
 * project, the audience (learners never get an author's body: answer keys), and the entity tag,
 * which names the project's content version (bumped in the database by every write in the project,
 * prisma/migrations/20261122220000_project_content_version) and its own fields. An entry is
 * current exactly while its tag is the one the database gives now, so several instances need no
 * invalidation messages: a stale entry is never asked for again and ages out.
 */
/** UTF-8 bytes in an ordinary (not shared) ArrayBuffer: what a Response body takes. */
type Bytes = Buffer<ArrayBuffer>;
type Entry = { body: Bytes };

/** The project's content version, as the database has it now (a string: it is a bigint). */
export const contentVersion = async (tx: Tx, projectId: string) =>
  (await tx.$queryRaw<{ version: string }[]>`SELECT content_version::text AS version FROM projects WHERE id = ${projectId}::uuid`)[0]
    ?.version;

/** A strong entity tag for a body that is a function of these facts (the kind of read, a version, ...). */
export const entityTag = (...facts: string[]) => `"${createHash("sha256").update(facts.join("\n")).digest("base64url").slice(0, 27)}"`;

const DEFAULT_MB = 64;

function capacity(): number {
  const mb = Number(process.env.TREE_CACHE_MB);
  return (Number.isFinite(mb) && mb >= 0 ? mb : DEFAULT_MB) * 1024 * 1024;
}

type CacheState = {
  entries: Map<string, Entry>;
  bytes: number;
  building: Map<string, Promise<Built>>;
  /** Builds under way, and those waiting for a turn. */
  running: number;
  waiting: (() => void)[];
};
// Next.js may load this module more than once in one process: one cache per process.
const state: CacheState = ((globalThis as { __treeCache?: CacheState }).__treeCache ??= {
  entries: new Map(),
  bytes: 0,
  building: new Map(),
  running: 0,
  waiting: [],
});

const keyOf = (scope: string, etag: string) => `${scope}\u0000${etag}`;

export function cachedTree(scope: string, etag: string): Bytes | undefined {
  const key = keyOf(scope, etag);
  const entry = state.entries.get(key);
  if (!entry) return undefined;
  // Most recently used last: eviction takes from the front.
  state.entries.delete(key);
  state.entries.set(key, entry);
  return entry.body;
}

/** Keeps a body, UTF-8 encoded (the form it is sent in). */
function keep(scope: string, etag: string, body: Bytes) {
  const limit = capacity();
  if (body.length > limit) return;
  // Older versions of the same scope are never asked for again.
  for (const [key, entry] of state.entries) {
    if (key.startsWith(`${scope}\u0000`)) {
      state.entries.delete(key);
      state.bytes -= entry.body.length;
    }
  }
  state.entries.set(keyOf(scope, etag), { body });
  state.bytes += body.length;
  for (const [key, entry] of state.entries) {
    if (state.bytes <= limit) break;
    state.entries.delete(key);
    state.bytes -= entry.body.length;
  }
}

export type Built = { body: Bytes; /** False when the body names no version (a write landed meanwhile): not kept. */ current: boolean };

/**
 * Builds at once, at most: a big tree's rows and its buffer are tens of megabytes, and more builds
 * side by side than there are cores only add memory, not throughput. The rest wait their turn.
 */
const MAX_BUILDS = Math.max(1, Number(process.env.TREE_BUILDS) || 2);

async function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  while (state.running >= MAX_BUILDS) await new Promise<void>((resolve) => state.waiting.push(resolve));
  state.running++;
  try {
    return await fn();
  } finally {
    state.running--;
    state.waiting.shift()?.();
  }
}

/**
 * Builds the body of (scope, tag) once however many requests ask at the same moment: they all
 * wait for the one build, and a current one is kept for those that come after.
 */
export function buildOnce(scope: string, etag: string, build: () => Promise<Built>): Promise<Built> {
  const key = keyOf(scope, etag);
  let building = state.building.get(key);
  if (!building) {
    building = inTurn(build)
      .then((built) => {
        if (built.current) keep(scope, etag, built.body);
        return built;
      })
      .finally(() => state.building.delete(key));
    state.building.set(key, building);
  }
  return building;
}
