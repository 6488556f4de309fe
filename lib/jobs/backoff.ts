/** The longest wait between two attempts of a job: a day. */
export const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

/**
 * How long after its `attempts`-th failed attempt a job is tried again: `baseMs` after the first,
 * twice as long after each later one, never more than a day. The one backoff of every job kind.
 */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}
