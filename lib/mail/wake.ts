import { waker } from "./poll-loop";

/** Wakes this instance's mail worker (worker.ts) when a mail is written (outbox.ts). */
export const mailWake = waker();

export const wakeMailWorker = () => mailWake.wake();
