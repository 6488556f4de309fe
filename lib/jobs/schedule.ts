import { getDb, type Db } from "@/lib/db/client";

/**
 * Work done every so often rather than per job: `run` is its handler, and it claims what it works
 * on itself (the proposal sweep takes each proposal with its own exactly-once claim). With a line
 * in lib/jobs/kinds.ts the worker runs it.
 *
 * A schedule's next run is one row of the `jobs` table (dedupe key `schedule:<name>`): whichever
 * instance finds it due moves it `everyMs` on and runs, so all instances together run it once per
 * interval. A run that fails or dies is not retried: the next one comes an interval later.
 */
export type Schedule = {
  name: string;
  /** How often it runs, in milliseconds; 0 leaves it off on this instance. */
  everyMs: () => number;
  run: () => Promise<unknown>;
};

/**
 * Runs the schedule if its time has come, and answers whether it did. One statement moves the time
 * on: of two instances at once, the second waits for the first's row lock and then finds it not due.
 */
export async function runScheduleIfDue(schedule: Schedule, db?: Db): Promise<boolean> {
  const everyMs = schedule.everyMs();
  // Turned off after the worker started: nothing runs, nothing spins.
  if (everyMs <= 0) return false;
  const conn = db ?? (await getDb());
  const key = `schedule:${schedule.name}`;
  const due = await conn.$queryRaw<{ id: string }[]>`
    INSERT INTO jobs (id, kind, dedupe_key, attempts, next_attempt_at)
    VALUES (gen_random_uuid(), ${schedule.name}, ${key}, 1, now() + make_interval(secs => ${everyMs / 1000}::float8))
    ON CONFLICT (dedupe_key) DO UPDATE SET attempts = jobs.attempts + 1, next_attempt_at = EXCLUDED.next_attempt_at
    WHERE jobs.next_attempt_at <= now()
    RETURNING id::text AS id`;
  if (!due.length) return false;
  await schedule.run();
  return true;
}
