import { isIP } from "node:net";
import type { Caller } from "@/lib/api/authenticate";
import { forbidden, notFound, validationError } from "@/lib/api/errors";
import { toUnix, toUnixOrNull } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { allowPrivateFetchFromEnv, FetchRefused, vetRequestTarget } from "@/lib/files/fetch-url";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { jobWakes } from "@/lib/jobs/poll-loop";
import { insertDelivery, TEST_EVENT, WEBHOOK_JOBS, webhookPayload } from "@/lib/webhooks/events";
import { newWebhookSecret } from "@/lib/webhooks/signature";
import { canInCompany, getCompanyRoleOrThrow, isActiveMembership } from "../access";
import type { WebhookDeliveryDto, WebhookDto } from "./schemas";

/*
 * A company's webhook endpoints (docs/decisions/034). Owners manage them; a member who is not an
 * owner is refused as the service refuses every owner-only action (401), and anyone outside the
 * company gets 404, whether the endpoint exists or not.
 */

const urlIssue = (message: string) => validationError([{ path: "url", message }]);

/**
 * A URL deliveries may go to: https (http too where private addresses are allowed, for local
 * receivers), and a name whose every address is public unless ALLOW_PRIVATE_FETCH allows the
 * rest. The worker checks the address again on every attempt: DNS answers change.
 */
export async function checkWebhookUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlIssue("Not a valid URL");
  }
  const allowPrivate = allowPrivateFetchFromEnv();
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowPrivate)) throw urlIssue("Must be an https URL");
  if (url.username || url.password) throw urlIssue("Must not carry a user name or password");
  if (allowPrivate) return url.href;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  try {
    await vetRequestTarget(url, { allowPrivate: false, signal: controller.signal });
  } catch (error) {
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (error instanceof FetchRefused && error.reason === "private_address") {
      throw urlIssue(
        `${isIP(host) ? "The address" : url.hostname} is private, loopback or reserved: deliveries go to public addresses only`,
      );
    }
    throw urlIssue(`${url.hostname} could not be resolved`);
  } finally {
    clearTimeout(timer);
  }
  return url.href;
}

export const toWebhookDto = (row: WebhookEndpoint): WebhookDto => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  consecutive_failures: row.consecutiveFailures,
  disabled_at: toUnixOrNull(row.disabledAt),
  created_at: toUnix(row.createdAt),
});

/** An endpoint the caller manages: 404 outside its company, 401 to a member who is not an owner. */
export async function getWebhookOrThrow(tx: Tx, caller: Caller, webhookId: number): Promise<WebhookEndpoint> {
  const row = await tx.webhookEndpoint.findUnique({
    where: { id: webhookId },
    include: { company: { select: { members: { where: { userId: caller.userId }, select: { role: true, disabled: true } } } } },
  });
  const member = row?.company.members[0];
  if (!row || !isActiveMembership(member)) throw notFound("Webhook");
  if (!canInCompany(member!.role, "webhooks.manage")) throw forbidden("Only the company's owners manage its webhooks");
  const { company: _company, ...endpoint } = row;
  return endpoint;
}

export async function listWebhooks(tx: Tx, caller: Caller, companyId: number): Promise<WebhookDto[]> {
  await getCompanyRoleOrThrow({ tx, caller, companyId, toDo: "webhooks.manage" });
  const rows = await tx.webhookEndpoint.findMany({ where: { companyId }, orderBy: { id: "asc" } });
  return rows.map(toWebhookDto);
}

export async function createWebhook(
  tx: Tx,
  caller: Caller,
  input: { company_id: number; url: string; events: string[]; description?: string },
) {
  await getCompanyRoleOrThrow({ tx, caller, companyId: input.company_id, toDo: "webhooks.manage" });
  const row = await tx.webhookEndpoint.create({
    data: {
      companyId: input.company_id,
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? "",
      secret: newWebhookSecret(),
      createdById: caller.userId,
    },
  });
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    secret: row.secret,
    created_at: toUnix(row.createdAt),
  };
}

export async function updateWebhook(
  tx: Tx,
  caller: Caller,
  webhookId: number,
  input: { url?: string; events?: string[]; description?: string; enabled?: boolean },
): Promise<WebhookDto> {
  const current = await getWebhookOrThrow(tx, caller, webhookId);
  // Turning it back on starts its failure count again; turning it off by hand is not a failure.
  const enabling = input.enabled === true && !current.enabled;
  const row = await tx.webhookEndpoint.update({
    where: { id: webhookId },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(enabling ? { consecutiveFailures: 0, disabledAt: null } : {}),
    },
  });
  return toWebhookDto(row);
}

/** Deletes the endpoint with its deliveries and their log. */
export async function deleteWebhook(tx: Tx, caller: Caller, webhookId: number): Promise<WebhookDto> {
  const current = await getWebhookOrThrow(tx, caller, webhookId);
  await tx.webhookEndpoint.delete({ where: { id: webhookId } });
  return toWebhookDto(current);
}

/** A new secret: deliveries from now on (retries included) are signed with it. */
export async function rotateWebhookSecret(tx: Tx, caller: Caller, webhookId: number) {
  await getWebhookOrThrow(tx, caller, webhookId);
  const row = await tx.webhookEndpoint.update({ where: { id: webhookId }, data: { secret: newWebhookSecret() } });
  return { secret: row.secret };
}

const DELIVERIES_LISTED = 100;

export async function listWebhookDeliveries(tx: Tx, caller: Caller, webhookId: number): Promise<WebhookDeliveryDto[]> {
  await getWebhookOrThrow(tx, caller, webhookId);
  const rows = await tx.webhookDelivery.findMany({
    where: { endpointId: webhookId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DELIVERIES_LISTED,
    include: { attemptLogs: { orderBy: [{ at: "asc" }, { id: "asc" }] } },
  });
  return rows.map(toDeliveryDto);
}

type DeliveryRow = Awaited<ReturnType<Tx["webhookDelivery"]["findMany"]>>[number] & {
  attemptLogs: { at: Date; statusCode: number | null; durationMs: number; error: string | null }[];
};

const toDeliveryDto = (row: DeliveryRow): WebhookDeliveryDto => ({
  id: row.id,
  event_id: row.eventId,
  type: row.type,
  status: row.status,
  created_at: toUnix(row.createdAt),
  attempts: row.attemptLogs.map((a) => ({ at: toUnix(a.at), status_code: a.statusCode, duration_ms: a.durationMs, error: a.error })),
});

async function readDelivery(tx: Tx, deliveryId: number): Promise<WebhookDeliveryDto> {
  const row = await tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: { attemptLogs: true } });
  return toDeliveryDto(row);
}

/** A new delivery of a past event: the same event id and body, tried from now. */
export async function redeliverWebhook(tx: Tx, caller: Caller, ref: { webhookId: number; deliveryId: number }) {
  await getWebhookOrThrow(tx, caller, ref.webhookId);
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, type, payload)
    SELECT endpoint_id, event_id, type, payload FROM webhook_deliveries WHERE id = ${ref.deliveryId} AND endpoint_id = ${ref.webhookId}
    RETURNING id`;
  if (!row) throw notFound("Delivery");
  jobWakes.wake(WEBHOOK_JOBS);
  return readDelivery(tx, Number(row.id));
}

/** A `webhook.test` event to this endpoint only, to check it receives and verifies. */
export async function sendTestWebhook(tx: Tx, caller: Caller, webhookId: number) {
  const endpoint = await getWebhookOrThrow(tx, caller, webhookId);
  const id = await insertDelivery(tx, endpoint.id, webhookPayload(TEST_EVENT, { webhook: { id: endpoint.id } }));
  return readDelivery(tx, id);
}
