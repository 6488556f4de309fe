import { env } from "@/lib/env";

/** How something that writes work wakes the loop that does it, without importing that loop. */
export type Waker = { set: (fn: (() => void) | undefined) => void; wake: () => void };

export function waker(): Waker {
  let fn: (() => void) | undefined;
  return {
    set: (next) => {
      fn = next;
    },
    // The work's transaction has not committed yet when this is called: look a moment later; the
    // regular poll catches what that misses.
    wake: () => {
      if (fn) setTimeout(fn, 100).unref?.();
    },
  };
}

/**
 * The background workers' loop (mail, webhooks, the proposal sweeper): runs `run` every
 * `intervalMs()` (MAIL_POLL_MS unless said otherwise, read before each wait) and at once when
 * woken, never two runs at a time (a wake during a run runs it again right after). A failed run
 * (the database away or migrating) is logged and tried again on the next tick. `stop` resolves
 * once a run in progress has ended: after it, the loop touches nothing.
 */
export function startPollLoop({
  name,
  run,
  wake,
  intervalMs = () => env("MAIL_POLL_MS"),
}: {
  name: string;
  run: () => Promise<unknown>;
  wake?: Waker;
  intervalMs?: () => number;
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
  wake?.set(tick);
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      wake?.set(undefined);
      await current;
    },
  };
}
