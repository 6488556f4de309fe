import { env } from "@/lib/env";
import { startPollLoop } from "@/lib/mail/poll-loop";
import { sweepProposals } from "./sweep-proposals";

let running: { stop: () => Promise<void> } | undefined;

/**
 * Starts this instance's proposal sweeper (instrumentation.ts, beside the mail and webhook
 * workers): every PROPOSAL_SWEEP_MS it mails the reminders that are due and announces the
 * expiries that passed (./sweep-proposals.ts). 0 leaves it off; several instances may sweep one
 * database, since each proposal is claimed by one of them.
 */
export function startProposalSweeper(): { stop: () => Promise<void> } | undefined {
  if (running || env("PROPOSAL_SWEEP_MS") === 0) return running;
  const loop = startPollLoop({
    name: "proposals",
    run: () => sweepProposals(),
    // Read before each wait; a 0 set after the start must not make it spin.
    intervalMs: () => env("PROPOSAL_SWEEP_MS") || 60_000,
  });
  running = {
    stop: () => {
      running = undefined;
      return loop.stop();
    },
  };
  return running;
}
