import { ApiClientError } from "@/lib/client/api";

/** What an editor's draft is based on: the item's version (its If-Match) and the part of it the editor edits, as it was then. */
export type BaseVersion<V> = { updatedAt: string; value: V };

/** How an update sent with If-Match ended. */
export type VersionedSave<T> =
  /** Saved: `item` is the new version. */
  | { outcome: "saved"; item: T }
  /** Someone else saved exactly what this editor wanted: nothing to choose, `item` is theirs. */
  | { outcome: "same"; item: T }
  /** Someone else changed this editor's part meanwhile: `item` is theirs, and the author chooses. */
  | { outcome: "conflict"; item: T };

/** The item as it is now, when an If-Match update was refused because it changed meanwhile (409 `conflict`). */
export function conflictOf<T>(error: unknown): T | undefined {
  if (!(error instanceof ApiClientError) || error.status !== 409 || error.code !== "conflict") return undefined;
  const current = error.details?.current;
  return current && typeof current === "object" ? (current as T) : undefined;
}

/** How two versions of a part are compared unless an editor says otherwise. */
export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sends an update with If-Match (docs/decisions/011-optimistic-concurrency.md): a 409 whose current
 * item still has this editor's part as the base had it (something else of the item changed: a
 * move, another field) is retried on the new version, at most twice; one whose part already
 * equals the draft counts as done. Anything but a 409 is thrown.
 */
export async function saveOnVersion<T extends { updated_at: string }, V>({
  base,
  mine,
  send,
  partOf,
  isSame = sameJson,
}: {
  base: BaseVersion<V>;
  mine: V;
  send: (ifMatch: string) => Promise<T>;
  partOf: (item: T) => V;
  isSame?: (a: V, b: V) => boolean;
}): Promise<VersionedSave<T>> {
  let ifMatch = base.updatedAt;
  for (let attempt = 0; ; attempt++) {
    try {
      return { outcome: "saved", item: await send(ifMatch) };
    } catch (error) {
      const theirs = conflictOf<T>(error);
      if (!theirs) throw error;
      if (isSame(partOf(theirs), mine)) return { outcome: "same", item: theirs };
      if (!isSame(partOf(theirs), base.value) || attempt >= 2) return { outcome: "conflict", item: theirs };
      ifMatch = theirs.updated_at;
    }
  }
}

/** The base an editor moves to after a save or a choice: the item's new version and its part. */
export const baseOf = <T extends { updated_at: string }, V>(item: T, partOf: (item: T) => V): BaseVersion<V> => ({
  updatedAt: item.updated_at,
  value: partOf(item),
});
