/**
 * The least time an answer that must not tell whether an address has an account takes (sign-up,
 * "forgot password?"). Both paths do the same expensive work (a password hash, a mail rendered,
 * a token written); this floor hides what differs between them (a few inserts), so the time of
 * an answer says nothing either. docs/decisions/031.
 */
export const NEUTRAL_ANSWER_MS = 300;

/** Runs `work`, then waits until `ms` have passed since it began, whether it succeeded or threw. */
export async function takingAtLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
