import { answerTally } from "@/lib/authoring/analytics/tally-answers";
import { mailJobs } from "@/lib/mail/worker";
import { proposalSweep } from "@/lib/proposals/expiry/sweep-proposals";
import { webhookJobs } from "@/lib/webhooks/worker";
import type { Work } from "./worker";

/**
 * Every kind of background work the worker does (instrumentation.ts starts it; docs/decisions/052).
 * A new kind is a handler and a line here: `defineJob` (./define-job.ts) for jobs kept in the `jobs`
 * table, a `JobKind` over a table of its own, or a `Schedule` (./schedule.ts).
 */
export const BACKGROUND_WORK: Work = {
  kinds: [mailJobs, webhookJobs],
  schedules: [proposalSweep, answerTally],
};
