import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import pLimit, { type LimitFunction } from "p-limit";
import { env } from "@/lib/env";

/**
 * Answers built from many rows (a project's tree, a company's content library), per instance and
 * bounded in memory, keyed by a scope (what the answer is of, and for whom: learners never get an
 * author's body) and an entity tag naming the version the database holds of it: a content version
 * bumped by triggers in the same transaction as every write that changes the answer
 * (prisma/migrations/20261122220000_project_content_version, 20261127120000_company_content_version).
 * An entry is current exactly while its tag is the one the database gives now, so several
 * instances need no invalidation messages: a stale entry is never asked for again and ages out.
 */
/** UTF-8 bytes in an ordinary (not shared) ArrayBuffer: what a Response body takes. */
type Bytes = Buffer<ArrayBuffer>;
type Entry = { etag: string; body: Bytes };

/** A strong entity tag for a body that is a function of these facts (the kind of read, a version, ...). */
export const entityTag = (...facts: string[]) => `"${createHash("sha256").update(facts.join("\n")).digest("base64url").slice(0, 27)}"`;

function capacity(): number {
  return env("TREE_CACHE_MB") * 1024 * 1024;
}

type CacheState = {
  /** One entry per scope: its newest body. Older versions of a scope are never asked for again. */
  entries: LRUCache<string, Entry> | null;
  capacity: number;
  /** Builds under way, by scope and tag: requests for the same one share it. */
  building: Map<string, Promise<Built>>;
  inTurn: LimitFunction;
};
// Next.js may load this module more than once in one process: one cache per process.
const state: CacheState = ((globalThis as { __answerCache?: CacheState }).__answerCache ??= {
  entries: null,
  capacity: -1,
  building: new Map(),
  // Builds at once, at most: a big tree's rows and its buffer are tens of megabytes, and more builds
  // side by side than there are cores only add memory, not throughput. The rest wait their turn.
  inTurn: pLimit(env("TREE_BUILDS")),
});

/** The cache for the capacity configured now (TREE_CACHE_MB, read at each call); none at 0. */
function entries(): LRUCache<string, Entry> | null {
  const limit = capacity();
  if (limit !== state.capacity) {
    state.capacity = limit;
    state.entries =
      limit > 0 ? new LRUCache<string, Entry>({ maxSize: limit, sizeCalculation: (entry) => Math.max(1, entry.body.length) }) : null;
  }
  return state.entries;
}

export function cachedAnswer(scope: string, etag: string): Bytes | undefined {
  const entry = entries()?.get(scope);
  return entry?.etag === etag ? entry.body : undefined;
}

const keyOf = (scope: string, etag: string) => `${scope}\u0000${etag}`;

export type Built = { body: Bytes; /** False when the body names no version (a write landed meanwhile): not kept. */ current: boolean };

/**
 * Builds the body of (scope, tag) once however many requests ask at the same moment: they all
 * wait for the one build, and a current one is kept for those that come after.
 */
export function buildOnce(scope: string, etag: string, build: () => Promise<Built>): Promise<Built> {
  const key = keyOf(scope, etag);
  let building = state.building.get(key);
  if (!building) {
    building = state
      .inTurn(build)
      .then((built) => {
        // A body bigger than the whole cache is not kept (lru-cache refuses it).
        if (built.current) entries()?.set(scope, { etag, body: built.body });
        return built;
      })
      .finally(() => state.building.delete(key));
    state.building.set(key, building);
  }
  return building;
}
