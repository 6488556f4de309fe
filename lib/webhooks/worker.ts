import { getDb, type Db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { startPollLoop } from "@/lib/mail/poll-loop";
import { webhookDisabledMail } from "@/lib/mail/templates/webhook-disabled";
import { postWebhook, type PostOptions, type PostOutcome } from "./post-webhook";
import { webhookWake } from "./wake";

/**
 * Delivers what enqueueWebhookEvent wrote to `webhook_deliveries` (docs/decisions/034), with the
 * mail worker's design (docs/decisions/030):
 *
 * - A delivery is claimed by one UPDATE whose subquery locks it FOR UPDATE SKIP LOCKED, counts the
 *   attempt and leases it (its next_attempt_at moves past the lease): two instances never claim
 *   one delivery, and no transaction stays open while the receiver answers.
 * - A 2xx answer: `delivered`. Anything else (an error status, a redirect, no answer in 10 s, a
 *   refused address): tried again after 30 s (WEBHOOK_RETRY_BASE_SECONDS), doubling, until 24 hours after the delivery was
 *   created (the last try comes then), then `failed`. Settling is fenced by the attempt number.
 * - Every attempt is logged in `webhook_attempts`. An endpoint whose last 20 attempts failed is
 *   turned off and its company's owners are mailed; a success resets the count.
 */

export const WEBHOOK_RETRY_FOR_HOURS = 24;
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;
const BATCH = 10;

type Claimed = {
  id: number;
  endpoint_id: number;
  event_id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
};

/** How long after its `attempts`-th failed attempt a delivery is tried again (WEBHOOK_RETRY_BASE_SECONDS, doubling). */
export const webhookRetryDelaySeconds = (attempts: number, base = env("WEBHOOK_RETRY_BASE_SECONDS")) =>
  base * 2 ** Math.max(0, Math.min(attempts - 1, 20));

async function claimDueDeliveries(db: Db, limit: number): Promise<Claimed[]> {
  const lease = env("WEBHOOK_LEASE_SECONDS");
  const rows = await db.$queryRaw<Claimed[]>`
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1,
        lease_until = now() + make_interval(secs => ${lease}::float8),
        next_attempt_at = now() + make_interval(secs => ${lease}::float8)
    FROM webhook_endpoints e
    WHERE e.id = d.endpoint_id AND d.id IN (
      SELECT dd.id FROM webhook_deliveries dd JOIN webhook_endpoints ee ON ee.id = dd.endpoint_id
      WHERE dd.status = 'pending' AND dd.next_attempt_at <= now() AND ee.enabled
      ORDER BY dd.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE OF dd SKIP LOCKED)
    RETURNING d.id, d.endpoint_id, d.event_id::text AS event_id, d.payload::text AS body, d.attempts, e.url, e.secret`;
  return rows.map((r) => ({ ...r, id: Number(r.id), endpoint_id: Number(r.endpoint_id), attempts: Number(r.attempts) }));
}

/** An attempt's duration as its int column holds it. */
const durationMs = (outcome: PostOutcome) => Math.min(outcome.durationMs, 2_147_483_647);

async function logAttempt(tx: Tx, delivery: Claimed, outcome: PostOutcome) {
  await tx.webhookAttempt.create({
    data: {
      deliveryId: delivery.id,
      statusCode: outcome.statusCode,
      durationMs: durationMs(outcome),
      error: outcome.error?.slice(0, 1000) ?? null,
    },
  });
}

async function settle(db: Db, delivery: Claimed, outcome: PostOutcome) {
  if (outcome.ok) {
    // One statement, so one round trip and no transaction held open: the attempt logged, the
    // delivery settled, the endpoint's failure count reset. Its row is written (and locked, which
    // the batch's other settles would wait for) only when the count is not 0 already.
    await db.$executeRaw`
      WITH logged AS (
        INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, error)
        VALUES (${delivery.id}, ${outcome.statusCode}, ${durationMs(outcome)}, NULL)),
      settled AS (
        UPDATE webhook_deliveries SET status = 'delivered', lease_until = NULL
        WHERE id = ${delivery.id} AND status = 'pending' AND attempts = ${delivery.attempts})
      UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = ${delivery.endpoint_id} AND consecutive_failures <> 0`;
    return;
  }
  await db.$transaction(async (tx) => {
    await logAttempt(tx, delivery, outcome);
    const delay = webhookRetryDelaySeconds(delivery.attempts);
    // The last try is at 24 hours; a failure at or after it fails the delivery for good.
    await tx.$executeRaw`
      UPDATE webhook_deliveries
      SET lease_until = NULL,
          status = CASE WHEN now() >= created_at + make_interval(hours => ${WEBHOOK_RETRY_FOR_HOURS}::int)
                   THEN 'failed'::"WebhookDeliveryStatus" ELSE 'pending'::"WebhookDeliveryStatus" END,
          next_attempt_at = LEAST(now() + make_interval(secs => ${delay}::float8),
                                  created_at + make_interval(hours => ${WEBHOOK_RETRY_FOR_HOURS}::int))
      WHERE id = ${delivery.id} AND status = 'pending' AND attempts = ${delivery.attempts}`;
    await tx.$executeRaw`UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = ${delivery.endpoint_id}`;
    const disabled = await tx.$queryRaw<{ company_id: number; url: string; consecutive_failures: number }[]>`
      UPDATE webhook_endpoints SET enabled = false, disabled_at = now()
      WHERE id = ${delivery.endpoint_id} AND enabled AND consecutive_failures >= ${WEBHOOK_DISABLE_AFTER_FAILURES}
      RETURNING company_id, url, consecutive_failures`;
    if (disabled.length) await mailOwners(tx, disabled[0], outcome.error);
  });
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

/**
 * Attempts every delivery that is due now, in batches, and returns how many it settled. The
 * worker's loop calls it; tests call it to deliver at once (`post` options reach postWebhook).
 */
export async function deliverDueWebhooks(db?: Db, post: PostOptions = {}): Promise<number> {
  const conn = db ?? (await getDb());
  let settled = 0;
  for (;;) {
    const batch = await claimDueDeliveries(conn, BATCH);
    if (!batch.length) return settled;
    // One batch's receivers are called together: a slow one does not hold up the others.
    await Promise.all(
      batch.map(async (delivery) => {
        const outcome = await postWebhook(delivery.url, delivery.secret, delivery.event_id, delivery.body, post);
        await settle(conn, delivery, outcome);
        settled++;
      }),
    );
  }
}

let running: { stop: () => Promise<void> } | undefined;

/**
 * Starts this instance's webhook worker beside the mail worker (instrumentation.ts): it looks
 * every MAIL_POLL_MS and at once when this instance writes a delivery. MAIL_WORKER=off stops both.
 */
export function startWebhookWorker(): { stop: () => Promise<void> } | undefined {
  if (running || !env("MAIL_WORKER")) return running;
  const loop = startPollLoop({ name: "webhooks", run: () => deliverDueWebhooks(), wake: webhookWake });
  running = {
    stop: () => {
      running = undefined;
      return loop.stop();
    },
  };
  return running;
}
