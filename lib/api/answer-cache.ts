import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import pLimit, { type LimitFunction } from "p-limit";
import { JsonText } from "@/lib/api/prebuilt";
import { env } from "@/lib/env";

/**
 * Answers built from many rows (a project's tree and the courses it is spliced from,
 * lib/authoring/tree-fragments.ts; a company's content library), per instance and bounded in
 * memory, keyed by a scope (what the answer is of, and for whom: learners never get an author's
 * body) and the tag it is current at: an entity tag naming the version the database holds of it,
 * or a course's own content version. The versions are bumped by triggers in the same transaction
 * as every write that changes the answer (prisma/migrations/20261122220000_project_content_version,
 * 20261127120000_course_content_version, 20261127120000_company_content_version). An entry is
 * current exactly while its tag is the one the database gives now, so several instances need no
 * invalidation messages: a stale entry is never asked for again and ages out.
 */
/** UTF-8 bytes in an ordinary (not shared) ArrayBuffer: what a Response body takes. */
export type Bytes = Buffer<ArrayBuffer>;
type Entry = { tag: string; body: Bytes };

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
  limitBuilds: LimitFunction;
};
// Next.js may load this module more than once in one process: one cache per process.
const state: CacheState = ((globalThis as { __answerCache?: CacheState }).__answerCache ??= {
  entries: null,
  capacity: -1,
  building: new Map(),
  // Builds at once, at most: a big tree's rows and its buffer are tens of megabytes, and more builds
  // side by side than there are cores only add memory, not throughput. The rest wait their turn.
  limitBuilds: pLimit(env("TREE_BUILDS")),
});

/**
 * The cache for the capacity configured now (TREE_CACHE_MB, read at each call); none at 0. Turned
 * off for a while, it keeps what it held for when it is back at the same size: a read built
 * without the cache, to compare with a cached one, does not throw the cache away.
 */
function entries(): LRUCache<string, Entry> | null {
  const limit = capacity();
  if (limit === 0) return null;
  if (limit !== state.capacity) {
    state.capacity = limit;
    state.entries = new LRUCache<string, Entry>({ maxSize: limit, sizeCalculation: (entry) => Math.max(1, entry.body.length) });
  }
  return state.entries;
}

/**
 * Forgets every kept answer. A process serves one database, whose ids and versions the scopes and
 * tags name; the tests' workers go from one file's database to the next (test/setup-db.ts).
 */
export function forgetAnswers() {
  state.entries?.clear();
}

export function cachedAnswer(scope: string, tag: string): Bytes | undefined {
  const entry = entries()?.get(scope);
  return entry?.tag === tag ? entry.body : undefined;
}

/** Keeps the body of a scope, current at `tag`, in place of any older one (one bigger than the whole cache is not kept). */
export function keepAnswer(scope: string, tag: string, body: Bytes) {
  entries()?.set(scope, { tag, body });
}

const keyOf = (scope: string, tag: string) => `${scope}\u0000${tag}`;

export type Built = { body: Bytes; /** False when the body names no version (a write landed meanwhile): not kept. */ current: boolean };

/**
 * Builds the body of (scope, tag) once however many requests ask at the same moment: they all
 * wait for the one build, and a current one is kept for those that come after.
 */
export function buildOnce(scope: string, tag: string, build: () => Promise<Built>): Promise<Built> {
  const key = keyOf(scope, tag);
  let building = state.building.get(key);
  if (!building) {
    building = state
      .limitBuilds(build)
      .then((built) => {
        if (built.current) keepAnswer(scope, tag, built.body);
        return built;
      })
      .finally(() => state.building.delete(key));
    state.building.set(key, building);
  }
  return building;
}

/**
 * A whole answer kept under its entity tag: the cached body, or one built once (`buildOnce`). A
 * body that names no version (a write landed while it was built) is answered without the tag.
 */
export async function cachedJson(scope: string, etag: string, build: () => Promise<Built>): Promise<JsonText> {
  const cached = cachedAnswer(scope, etag);
  if (cached !== undefined) return new JsonText(cached, etag);
  const built = await buildOnce(scope, etag, build);
  return built.current ? new JsonText(built.body, etag) : new JsonText(built.body);
}
