type Wakes = Map<string, () => void>;

// On globalThis: Next.js loads lib/ once per bundle, and the routes that write jobs are bundled
// apart from instrumentation.ts, which starts the loops (the database state is kept the same way,
// lib/db/state.ts).
const wakes: Wakes = ((globalThis as { __appJobWakes?: Wakes }).__appJobWakes ??= new Map());

/** This instance's loops by the kind of work they do, for whatever writes that work to wake them. */
export const jobWakes = {
  /** What waking `kind` calls (a loop's tick); undefined unties it. */
  set(kind: string, tick: (() => void) | undefined) {
    if (tick) wakes.set(kind, tick);
    else wakes.delete(kind);
  },
  /**
   * Called as a job is written. Its transaction has not committed yet: the loop looks a moment
   * later; its regular poll catches what that misses.
   */
  wake(kind: string) {
    const tick = wakes.get(kind);
    if (tick) setTimeout(tick, 100).unref?.();
  },
};

/**
 * One loop of the worker (worker.ts): runs `run` every `intervalMs()` (read before each wait) and
 * at once when its kind is woken, never two runs at a time (a wake during a run runs it again
 * right after). A failed run (the database away or migrating) is logged and tried again on the next
 * tick. `stop` resolves once a run in progress has ended: after it, the loop touches nothing.
 */
export function startPollLoop({
  name,
  run,
  intervalMs,
  isWoken = false,
}: {
  name: string;
  run: () => Promise<unknown>;
  intervalMs: () => number;
  /** Whether writers wake it (`jobWakes.wake(name)`); a schedule's loop only keeps time. */
  isWoken?: boolean;
}): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const runWhileAsked = async () => {
    try {
      do {
        again = false;
        await run();
      } while (again && !stopped);
    } catch (error) {
      console.error(`[${name}] worker:`, (error as Error).message);
    }
  };
  const tick = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    clearTimeout(timer);
    current = runWhileAsked().finally(() => {
      current = undefined;
      if (!stopped) timer = setTimeout(tick, intervalMs());
      timer?.unref?.();
    });
  };
  if (isWoken) jobWakes.set(name, tick);
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      if (isWoken && wakes.get(name) === tick) jobWakes.set(name, undefined);
      await current;
    },
  };
}
