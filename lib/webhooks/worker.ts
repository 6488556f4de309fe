import type { Db, Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { runDueJobs, type JobKind } from "@/lib/jobs/queue";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { webhookDisabledMail } from "@/lib/mail/templates/webhook-disabled";
import { WEBHOOK_JOBS } from "./events";
import { postWebhook, type PostOptions, type PostOutcome } from "./post-webhook";

/**
 * The delivery jobs: what enqueueWebhookEvent wrote to `webhook_deliveries` (docs/decisions/034),
 * attempted by the job worker (lib/jobs; docs/decisions/052).
 *
 * - A delivery being attempted stays `pending`, leased for WEBHOOK_LEASE_SECONDS (its next_attempt_at
 *   moves past the lease): two instances never claim one delivery, and no transaction stays open
 *   while the receiver answers. Only deliveries of endpoints that are on are claimed.
 * - A 2xx answer: `delivered`. Anything else (an error status, a redirect, no answer in 10 s, a
 *   refused address): tried again after 30 s (WEBHOOK_RETRY_BASE_SECONDS), doubling, until 24 hours
 *   after the delivery was created (the last try comes then), then `failed`.
 * - Every attempt is logged in `webhook_attempts`. An endpoint whose last 20 attempts failed is
 *   turned off and its company's owners are mailed; a success resets the count.
 */

export const WEBHOOK_RETRY_FOR_HOURS = 24;
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;

type Claimed = {
  id: number;
  endpoint_id: number;
  event_id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
};

/** An attempt's duration as its int column holds it. */
const durationMs = (outcome: PostOutcome) => Math.min(outcome.durationMs, 2_147_483_647);

/** The attempt logged, the endpoint's count of failures in a row raised, and the endpoint turned off at 20. */
async function countFailure(tx: Tx, delivery: Claimed, outcome: PostOutcome) {
  await tx.webhookAttempt.create({
    data: {
      deliveryId: delivery.id,
      statusCode: outcome.statusCode,
      durationMs: durationMs(outcome),
      error: outcome.error?.slice(0, 1000) ?? null,
    },
  });
  await tx.$executeRaw`UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = ${delivery.endpoint_id}`;
  const disabled = await tx.$queryRaw<{ company_id: number; url: string; consecutive_failures: number }[]>`
    UPDATE webhook_endpoints SET enabled = false, disabled_at = now()
    WHERE id = ${delivery.endpoint_id} AND enabled AND consecutive_failures >= ${WEBHOOK_DISABLE_AFTER_FAILURES}
    RETURNING company_id, url, consecutive_failures`;
  if (disabled.length) await mailOwners(tx, disabled[0], outcome.error);
}

/** Tells the company's owners (active, with a verified address) that an endpoint was turned off. */
async function mailOwners(tx: Tx, endpoint: { company_id: number; url: string; consecutive_failures: number }, lastError: string | null) {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: Number(endpoint.company_id) },
    select: {
      name: true,
      members: { where: { role: "owner", disabled: false }, select: { user: { select: { email: true, emailVerifiedAt: true } } } },
    },
  });
  for (const { user } of company.members) {
    if (!user.emailVerifiedAt || !isMailAddress(user.email)) continue;
    await enqueueMail(tx, {
      kind: "webhook_disabled",
      to: user.email,
      content: webhookDisabledMail({
        companyName: company.name,
        url: endpoint.url,
        failures: Number(endpoint.consecutive_failures),
        lastError,
        link: appLink("/proposals/webhooks", { company: String(endpoint.company_id) }),
      }),
    });
  }
}

/** A run's deliveries share the request options (tests shorten the timeout). */
export const webhookJobs: JobKind<Claimed, PostOptions> = {
  name: WEBHOOK_JOBS,
  table: {
    name: "webhook_deliveries",
    statusType: "WebhookDeliveryStatus",
    idType: "int4",
    running: "pending",
    returning: Prisma.sql`id, endpoint_id, event_id::text AS event_id, payload::text AS body, attempts,
      (SELECT e.url FROM webhook_endpoints e WHERE e.id = j.endpoint_id) AS url,
      (SELECT e.secret FROM webhook_endpoints e WHERE e.id = j.endpoint_id) AS secret`,
    eligible: Prisma.sql`EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = q.endpoint_id AND e.enabled)`,
    hasLastError: false,
  },
  // At least 15 s, longer than an attempt may take: a delivery under way is never claimed again.
  leaseSeconds: () => env("WEBHOOK_LEASE_SECONDS"),
  retry: { baseSeconds: () => env("WEBHOOK_RETRY_BASE_SECONDS"), retryForHours: WEBHOOK_RETRY_FOR_HOURS },
  // One batch's receivers are called together: a slow one does not hold up the others.
  batch: 10,
  open: () => ({}),
  run: async (delivery, post) => {
    const outcome = await postWebhook(delivery.url, delivery.secret, delivery.event_id, delivery.body, post);
    if (!outcome.ok) return { failed: outcome.error ?? "failed", also: (tx) => countFailure(tx, delivery, outcome) };
    // Settled in one statement with the attempt logged and the endpoint's count reset (its row is
    // written, and locked, which the batch's other settles would wait for, only when not 0 already).
    return {
      done: "delivered",
      with: Prisma.sql`
        logged AS (
          INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, error)
          VALUES (${delivery.id}, ${outcome.statusCode}, ${durationMs(outcome)}, NULL)),
        reset AS (
          UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = ${delivery.endpoint_id} AND consecutive_failures <> 0)`,
    };
  },
};

/**
 * Attempts every delivery that is due now, in batches, and returns how many it settled. The
 * worker's loop does the same; tests call it to deliver at once (`post` options reach postWebhook).
 */
export const deliverDueWebhooks = (db?: Db, post: PostOptions = {}): Promise<number> => runDueJobs(webhookJobs, db, post);
