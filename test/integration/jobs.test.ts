/**
 * The job queue of lib/jobs (docs/decisions/052) on a kind kept in the `jobs` table, as the next
 * kinds will be: written in the action's transaction, done once, retried with the one backoff,
 * taken over after a crash, never done twice by workers side by side; and a schedule that runs
 * once per interval however many instances look. Mail and webhook deliveries, the same claim over
 * their own tables, are proven in mail-outbox.test.ts and webhooks.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { defineJob, enqueueJob, type Job } from "@/lib/jobs/define-job";
import { runDueJobs } from "@/lib/jobs/queue";
import { runScheduleIfDue, type Schedule } from "@/lib/jobs/schedule";
import { deprecatedSettings, isJobWorkerOn, jobsPollMs, startJobWorker } from "@/lib/jobs/worker";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

type Payload = { note: string };

/** A kind of its own per test (its jobs are claimed by name), recording what its handler was given. */
function recordingKind(handle: (job: Job<Payload>) => Promise<void> = async () => {}, options: { maxAttempts?: number } = {}) {
  const done: Job<Payload>[] = [];
  const kind = defineJob<Payload>({
    name: `test-${randomUUID()}`,
    run: async (job) => {
      await handle(job);
      done.push(job);
    },
    retry: { baseSeconds: () => 30, maxAttempts: () => options.maxAttempts ?? 3 },
    leaseSeconds: () => 60,
    isPermanent: (error) => (error as Error).message.startsWith("permanent"),
  });
  return { kind, done };
}

const row = (id: string) => db.job.findUniqueOrThrow({ where: { id } });

describe("[JOBS] a kind of job in the jobs table", () => {
  it("is done once when the action that wrote it commits, and never when it rolls back", async () => {
    const { kind, done } = recordingKind();
    await expect(
      db.$transaction(async (tx) => {
        await enqueueJob(tx, kind, { note: "rolled back" });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    const id = (await db.$transaction((tx) => enqueueJob(tx, kind, { note: "committed" })))!;
    expect(await runDueJobs(kind, db)).toBe(1);
    expect(await runDueJobs(kind, db)).toBe(0);
    expect(done.map((job) => [job.id, job.payload, job.attempts])).toEqual([[id, { note: "committed" }, 1]]);
    const settled = await row(id);
    expect(settled).toMatchObject({ status: "done", attempts: 1, leaseUntil: null, lastError: null });
    expect(settled.finishedAt).toBeInstanceOf(Date);
    expect(await db.job.count({ where: { kind: kind.name } })).toBe(1);
  });

  it("writes one job per dedupe key, and none before its time", async () => {
    const { kind, done } = recordingKind();
    const key = `test:${randomUUID()}`;
    expect(await enqueueJob(db, kind, { note: "first" }, { dedupeKey: key })).toBeTruthy();
    expect(await enqueueJob(db, kind, { note: "again" }, { dedupeKey: key })).toBeNull();
    const later = (await enqueueJob(db, kind, { note: "later" }, { runAt: new Date(Date.now() + 60_000) }))!;
    await runDueJobs(kind, db);
    expect(done.map((job) => job.payload.note)).toEqual(["first"]);
    await db.job.update({ where: { id: later }, data: { nextAttemptAt: new Date() } });
    await runDueJobs(kind, db);
    expect(done.map((job) => job.payload.note)).toEqual(["first", "later"]);
  });

  it("retries a failed job after the backoff, fails it after its last attempt with the error, and a permanent error at once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { kind } = recordingKind(async (job) => {
      throw new Error(`${job.payload.note} failure ${job.attempts}`);
    });
    const flaky = (await enqueueJob(db, kind, { note: "temporary" }))!;
    const before = Date.now();
    await runDueJobs(kind, db);
    let waiting = await row(flaky);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "temporary failure 1", leaseUntil: null });
    // The first retry 30 s on (the kind's base), then twice as long.
    expect(waiting.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(29_000);
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(30_000);
    expect(await runDueJobs(kind, db)).toBe(0);
    await db.job.update({ where: { id: flaky }, data: { nextAttemptAt: new Date() } });
    await runDueJobs(kind, db);
    waiting = await row(flaky);
    expect(waiting).toMatchObject({ status: "pending", attempts: 2 });
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    await db.job.update({ where: { id: flaky }, data: { nextAttemptAt: new Date() } });
    await runDueJobs(kind, db);
    expect(await row(flaky)).toMatchObject({ status: "failed", attempts: 3, lastError: "temporary failure 3" });

    const refused = (await enqueueJob(db, kind, { note: "permanent" }))!;
    await runDueJobs(kind, db);
    expect(await row(refused)).toMatchObject({ status: "failed", attempts: 1, lastError: "permanent failure 1" });
    const logged = warn.mock.calls.map((call) => String(call[0]));
    expect(logged).toContain(`[${kind.name}] job ${refused} failed for good: permanent failure 1`);
    expect(logged.some((line) => line.startsWith(`[${kind.name}] job ${flaky} will be retried at `))).toBe(true);
  });

  it("takes over a job whose instance died mid-attempt once its lease ends, and only then", async () => {
    const { kind, done } = recordingKind();
    const id = (await enqueueJob(db, kind, { note: "crashed" }))!;
    // As a worker leaves it when killed after claiming: running, the attempt counted, leased.
    await db.job.update({ where: { id }, data: { status: "running", attempts: 1, leaseUntil: new Date(Date.now() + 60_000) } });
    expect(await runDueJobs(kind, db)).toBe(0);
    await db.job.update({ where: { id }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    expect(await runDueJobs(kind, db)).toBe(1);
    expect(done.map((job) => job.attempts)).toEqual([2]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("a claim whose lease ran out cannot overwrite what its successor settled", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { kind, done } = recordingKind(async (job) => {
      if (job.attempts === 1) {
        await held;
        throw new Error("too late");
      }
    });
    const id = (await enqueueJob(db, kind, { note: "slow" }))!;
    const first = runDueJobs(kind, db);
    await vi.waitFor(async () => expect((await row(id)).status).toBe("running"));
    // The first attempt's lease ends while it still runs: another worker takes the job over.
    await db.job.update({ where: { id }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    await runDueJobs(kind, db);
    release();
    await first;
    expect(done.map((job) => job.attempts)).toEqual([2]);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, lastError: null });
  });

  it("workers side by side do each job once", async () => {
    const { kind, done } = recordingKind(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const notes = Array.from({ length: 40 }, (_, i) => `job ${i}`);
    await db.$transaction(async (tx) => {
      for (const note of notes) await enqueueJob(tx, kind, { note });
    });
    const settled = await Promise.all([runDueJobs(kind, db), runDueJobs(kind, db), runDueJobs(kind, db)]);
    expect(settled.reduce((a, b) => a + b, 0)).toBe(40);
    expect(done.map((job) => job.payload.note).sort()).toEqual([...notes].sort());
    expect(await db.job.count({ where: { kind: kind.name, status: "done", attempts: 1 } })).toBe(40);
  });

  it("the worker does a job written on this instance at once, without waiting for its poll", async () => {
    vi.stubEnv("JOBS_POLL_MS", "60000");
    const { kind, done } = recordingKind();
    const worker = startJobWorker({ kinds: [kind], schedules: [] })!;
    try {
      // The worker's first look finds nothing; the write then wakes it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const written = Date.now();
      await db.$transaction((tx) => enqueueJob(tx, kind, { note: "woken" }));
      await vi.waitFor(() => expect(done).toHaveLength(1), { timeout: 5_000 });
      expect(Date.now() - written).toBeLessThan(2_000);
    } finally {
      await worker.stop();
    }
  });
});

describe("[JOBS] a schedule", () => {
  const counting = (everyMs: number) => {
    let runs = 0;
    const schedule: Schedule = {
      name: `schedule-${randomUUID()}`,
      everyMs: () => everyMs,
      run: async () => {
        runs++;
      },
    };
    return { schedule, runs: () => runs };
  };

  it("runs once per interval however many instances look at once", async () => {
    const { schedule, runs } = counting(60_000);
    const looks = await Promise.all([runScheduleIfDue(schedule, db), runScheduleIfDue(schedule, db), runScheduleIfDue(schedule, db)]);
    expect(looks.filter(Boolean)).toHaveLength(1);
    expect(runs()).toBe(1);
    expect(await runScheduleIfDue(schedule, db)).toBe(false);
    const [next] = await db.job.findMany({ where: { dedupeKey: `schedule:${schedule.name}` } });
    expect(next.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    // Its time comes: one more run, by whichever looks first.
    await db.job.update({ where: { id: next.id }, data: { nextAttemptAt: new Date(Date.now() - 1) } });
    const again = await Promise.all([runScheduleIfDue(schedule, db), runScheduleIfDue(schedule, db)]);
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(runs()).toBe(2);
  });

  it("does not run, nor spin, at an interval of 0", async () => {
    const { schedule, runs } = counting(0);
    expect(await runScheduleIfDue(schedule, db)).toBe(false);
    expect(runs()).toBe(0);
    expect(await db.job.count({ where: { kind: schedule.name } })).toBe(0);
  });
});

describe("[JOBS] the worker's settings", () => {
  const work = (kinds: ReturnType<typeof recordingKind>["kind"][], schedules: Schedule[] = []) => ({ kinds, schedules });
  const quietSchedule: Schedule = { name: "quiet", everyMs: () => 3_600_000, run: async () => {} };

  it("JOBS_WORKER=off starts nothing; MAIL_WORKER=off, its former name, still stops the jobs but not the schedules", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubEnv("JOBS_WORKER", "off");
    expect(startJobWorker(work([recordingKind().kind], [quietSchedule]))).toBeUndefined();
    vi.stubEnv("JOBS_WORKER", "");
    vi.stubEnv("MAIL_WORKER", "off");
    expect(startJobWorker(work([recordingKind().kind]))).toBeUndefined();
    const schedulesOnly = startJobWorker(work([recordingKind().kind], [quietSchedule]));
    expect(schedulesOnly).toBeDefined();
    await schedulesOnly!.stop();
  });

  it("JOBS_POLL_MS paces the jobs; MAIL_POLL_MS, its former name, while JOBS_POLL_MS is at its default, with a warning", () => {
    for (const name of ["JOBS_WORKER", "JOBS_POLL_MS", "MAIL_WORKER", "MAIL_POLL_MS"]) vi.stubEnv(name, "");
    expect([jobsPollMs(), isJobWorkerOn(), deprecatedSettings()]).toEqual([2_000, true, []]);
    vi.stubEnv("MAIL_POLL_MS", "500");
    expect(jobsPollMs()).toBe(500);
    vi.stubEnv("JOBS_POLL_MS", "250");
    expect(jobsPollMs()).toBe(250);
    vi.stubEnv("MAIL_WORKER", "on");
    expect(isJobWorkerOn()).toBe(true);
    expect(deprecatedSettings()).toEqual([
      "MAIL_WORKER is deprecated: set JOBS_WORKER instead (MAIL_WORKER is read until the next release)",
      "MAIL_POLL_MS is deprecated: set JOBS_POLL_MS instead (MAIL_POLL_MS is read until the next release)",
    ]);
  });

  it("refuses two kinds of work with one name", () => {
    const { kind } = recordingKind();
    expect(() => startJobWorker(work([kind, kind]))).toThrow(/share a name/);
  });
});
