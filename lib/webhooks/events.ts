import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { jobWakes } from "@/lib/jobs/poll-loop";
import type { ProposalDto } from "@/lib/proposals/proposals/schemas";

/**
 * The events an endpoint may subscribe to: each one is emitted (the proposal events by
 * lib/proposals/events/record-event.ts, the enrolment events by lib/enrolments).
 */
export const WEBHOOK_EVENTS = [
  "proposal.sent",
  "proposal.viewed",
  "proposal.accepted",
  "proposal.rejected",
  "proposal.withdrawn",
  "proposal.expired",
  "proposal.changes_requested",
  "proposal.approval_requested",
  "proposal.approved",
  "proposal.approval_declined",
  "enrolment.created",
  "learner.completed",
  "certificate.issued",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The name of the delivery jobs (worker.ts): this instance's loop is woken by that name when a delivery is written. */
export const WEBHOOK_JOBS = "webhooks";

/** What POST /v3/webhooks/{id}/test sends: to no endpoint unasked. */
export const TEST_EVENT = "webhook.test";

/** The body POSTed for an event, stored as it is sent (and signed). */
export type WebhookPayload = { id: string; type: string; created_at: number; data: Record<string, unknown> };

export const webhookPayload = (type: string, data: Record<string, unknown>, now = new Date()): WebhookPayload => ({
  id: randomUUID(),
  type,
  created_at: Math.floor(now.getTime() / 1000),
  data,
});

/** Writes one delivery of `payload` to an endpoint, in the caller's transaction. */
export async function insertDelivery(tx: Tx, endpointId: number, payload: WebhookPayload): Promise<number> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, type, payload)
    VALUES (${endpointId}, ${payload.id}::uuid, ${payload.type}, ${JSON.stringify(payload)}::jsonb)
    RETURNING id`;
  jobWakes.wake(WEBHOOK_JOBS);
  return row.id;
}

/**
 * Records a proposal event for every enabled endpoint of the company subscribed to it, in the
 * caller's transaction: an action that rolls back sends nothing, one that commits is delivered
 * (lib/webhooks/worker.ts). `proposal` is read only when some endpoint wants it. Returns the
 * event's id, or null when nobody is subscribed.
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  companyId: number,
  type: WebhookEventType,
  proposal: ProposalDto | (() => Promise<ProposalDto>),
): Promise<string | null> {
  return enqueueCompanyEvent(tx, companyId, type, async () => ({ proposal: typeof proposal === "function" ? await proposal() : proposal }));
}

/** The same for any event of the company: `data` is the payload's `data`, read only when some endpoint wants it. */
export async function enqueueCompanyEvent(
  tx: Tx,
  companyId: number,
  type: WebhookEventType,
  data: () => Promise<Record<string, unknown>>,
): Promise<string | null> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { companyId, enabled: true, events: { has: type } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (!endpoints.length) return null;
  const payload = webhookPayload(type, await data());
  for (const { id } of endpoints) await insertDelivery(tx, id, payload);
  return payload.id;
}
