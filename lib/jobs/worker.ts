import { env, SETTINGS } from "@/lib/env";
import { startPollLoop } from "./poll-loop";
import { runDueJobs, type Claimed, type JobKind } from "./queue";
import { runScheduleIfDue, type Schedule } from "./schedule";

/** What the worker runs: the kinds of jobs and the schedules of lib/jobs/kinds.ts. */
export type Work = { kinds: readonly JobKind<Claimed, unknown>[]; schedules: readonly Schedule[] };

type Running = { stop: () => Promise<void> };

// On globalThis, like the wakes (poll-loop.ts): one worker per process, whichever bundle asks.
const state: { running?: Running } = ((globalThis as { __appJobWorker?: { running?: Running } }).__appJobWorker ??= {});

/** The settings' names before lib/jobs, read for one release with a warning (docs/decisions/052). */
const FORMER_NAMES = { JOBS_WORKER: "MAIL_WORKER", JOBS_POLL_MS: "MAIL_POLL_MS" } as const;

/**
 * Whether this instance does jobs: JOBS_WORKER; MAIL_WORKER=off too, as before, which never
 * stopped the proposal sweep (schedules read JOBS_WORKER only).
 */
export const isJobWorkerOn = (): boolean => env("JOBS_WORKER") && (env("MAIL_WORKER") ?? true);

/** How often a kind's loop looks for due jobs: JOBS_POLL_MS, or MAIL_POLL_MS while JOBS_POLL_MS is at its default. */
export function jobsPollMs(): number {
  const ms = env("JOBS_POLL_MS");
  return ms === SETTINGS.JOBS_POLL_MS.fallback ? (env("MAIL_POLL_MS") ?? ms) : ms;
}

/** A warning for each former name that is set. */
export const deprecatedSettings = (): string[] =>
  Object.entries(FORMER_NAMES)
    .filter(([, former]) => env(former) !== undefined)
    .map(([name, former]) => `${former} is deprecated: set ${name} instead (${former} is read until the next release)`);

/**
 * Starts this instance's worker (instrumentation.ts, as the server starts): a loop per kind of job,
 * which looks for due jobs every JOBS_POLL_MS and at once when this instance writes one, and a
 * loop per schedule. Kinds run side by side: a receiver that hangs never holds up mail. Answers
 * undefined when there is nothing to run (JOBS_WORKER=off).
 */
export function startJobWorker({ kinds, schedules }: Work): Running | undefined {
  if (state.running) return state.running;
  const names = [...kinds, ...schedules].map((w) => w.name);
  if (new Set(names).size !== names.length) throw new Error(`Two kinds of background work share a name: ${names.join(", ")}`);
  for (const warning of deprecatedSettings()) console.warn(`[jobs] ${warning}`);
  const loops = [
    ...(isJobWorkerOn() ? kinds : []).map((kind) => {
      kind.starting?.();
      return startPollLoop({ name: kind.name, run: () => runDueJobs(kind), intervalMs: jobsPollMs, isWoken: true });
    }),
    ...(env("JOBS_WORKER") ? schedules : [])
      .filter((schedule) => schedule.everyMs() > 0)
      // Read before each wait; a 0 set after the start must not make it spin.
      .map((schedule) =>
        startPollLoop({ name: schedule.name, run: () => runScheduleIfDue(schedule), intervalMs: () => schedule.everyMs() || 60_000 }),
      ),
  ];
  if (!loops.length) return undefined;
  const running: Running = {
    stop: async () => {
      if (state.running === running) state.running = undefined;
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
  state.running = running;
  return running;
}
