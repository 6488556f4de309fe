/**
 * Writes that would queue on one row lock in PostgreSQL take turns in this process instead.
 *
 * A transaction waiting for a row lock holds its statement's snapshot all the while, and no row
 * version that snapshot can still see may be pruned. Sixteen writers queued on one lesson each
 * hold one, so every sibling shift leaves hundreds of dead rows behind that nothing may remove
 * until the queue empties, which under steady load it never does: the shifts slow down as the
 * table bloats (bench/README.md, "Writes among siblings"). Waiting here, before the transaction
 * begins, holds no snapshot. The row lock still decides between processes: this only keeps one
 * process's writers from piling up inside the database.
 */
const tails = new Map<string, Promise<void>>();

async function takeTurn(key: string): Promise<() => void> {
  const before = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  tails.set(key, tail);
  await before;
  return () => {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  };
}

/** Runs `fn` once every earlier caller naming any of `keys` has finished; keys are taken in a fixed order. */
export async function inTurn<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> {
  const releases: (() => void)[] = [];
  try {
    for (const key of [...new Set(keys)].sort()) releases.push(await takeTurn(key));
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}
