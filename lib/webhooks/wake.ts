import { waker } from "@/lib/mail/poll-loop";

/** Wakes this instance's webhook worker (worker.ts) when a delivery is written. */
export const webhookWake = waker();

export const wakeWebhookWorker = () => webhookWake.wake();
