import { defineEndpoint, type LoadContext } from "@/lib/api/endpoint";
import { write } from "@/lib/db/transaction";
import {
  CreatedWebhookResult,
  CreateWebhookBody,
  ListWebhooksQuery,
  UpdateWebhookBody,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookDeliveryResult,
  WebhookList,
  WebhookParams,
  WebhookResult,
  WebhookSecretResult,
} from "./schemas";
import {
  checkWebhookUrl,
  createWebhook,
  deleteWebhook,
  getWebhookOrThrow,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from "./webhooks";

const tag = "Webhooks";

const OWNERS = "Owners only (a member who is not an owner gets 401, as every refusal of this service).";

/** The endpoint, before the body is read: 404 outside its company, then 401 to a member who is not an owner, then 400. */
const loadWebhook = ({ db, caller, params }: LoadContext<{ webhookId: number }>) => getWebhookOrThrow(db, caller, params.webhookId);

export const listWebhooksEndpoint = defineEndpoint({
  operationId: "list_webhooks",
  method: "GET",
  path: "/v3/webhooks",
  tag,
  summary: "List a company's webhook endpoints",
  description: `Returns {data: endpoints}, oldest first, without their secrets. ${OWNERS}`,
  query: ListWebhooksQuery,
  response: WebhookList,
  status: 200,
  errors: ["not_found", "forbidden"],
  run: async ({ db, caller, query }) => ({ data: await listWebhooks(db, caller, query.company_id) }),
});

export const createWebhookEndpoint = defineEndpoint({
  operationId: "create_webhook",
  method: "POST",
  path: "/v3/webhooks",
  tag,
  summary: "Register a webhook endpoint",
  description:
    "Returns {data: the endpoint with its secret}: the only answer besides rotate-secret that shows it. Each event the company's proposals " +
    "go through (proposal.sent, .viewed, .accepted, .rejected, .withdrawn; .expired and .changes_requested later) is POSTed to the URL as " +
    "JSON, signed with Coursewright-Signature (docs: decision 034). The URL must be https and reach a public address (400 naming url). " +
    OWNERS,
  body: CreateWebhookBody,
  response: CreatedWebhookResult,
  status: 201,
  errors: ["not_found", "forbidden"],
  run: async (ctx) => {
    const url = await checkWebhookUrl(ctx.body.url);
    return write(ctx, async (tx) => ({ data: await createWebhook(tx, ctx.caller, { ...ctx.body, url }) }), { target: (r) => r.data.id });
  },
});

export const updateWebhookEndpoint = defineEndpoint({
  operationId: "update_webhook",
  method: "PATCH",
  path: "/v3/webhooks/{webhookId}",
  tag,
  summary: "Change a webhook endpoint",
  description: `Returns {data: the endpoint}. Changes the fields sent; enabled: true turns it back on and clears its failure count. ${OWNERS}`,
  params: WebhookParams,
  load: loadWebhook,
  body: UpdateWebhookBody,
  response: WebhookResult,
  status: 200,
  errors: ["forbidden"],
  run: async (ctx) => {
    const body = ctx.body.url === undefined ? ctx.body : { ...ctx.body, url: await checkWebhookUrl(ctx.body.url) };
    return write(ctx, async (tx) => ({ data: await updateWebhook(tx, ctx.caller, ctx.params.webhookId, body) }));
  },
});

export const deleteWebhookEndpoint = defineEndpoint({
  operationId: "delete_webhook",
  method: "DELETE",
  path: "/v3/webhooks/{webhookId}",
  tag,
  summary: "Delete a webhook endpoint",
  description: `Returns {data: the endpoint as it was}. Its deliveries and their log go with it; nothing more is sent. ${OWNERS}`,
  params: WebhookParams,
  load: loadWebhook,
  response: WebhookResult,
  status: 200,
  errors: ["forbidden"],
  run: (ctx) => write(ctx, async (tx) => ({ data: await deleteWebhook(tx, ctx.caller, ctx.params.webhookId) })),
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  operationId: "rotate_webhook_secret",
  method: "POST",
  path: "/v3/webhooks/{webhookId}/rotate-secret",
  tag,
  summary: "Give a webhook endpoint a new secret",
  description: `Returns {data: {secret}}: every delivery from now on, retries included, is signed with it; the old one stops at once. ${OWNERS}`,
  params: WebhookParams,
  load: loadWebhook,
  bodyOptional: true,
  response: WebhookSecretResult,
  status: 200,
  errors: ["forbidden"],
  run: (ctx) => write(ctx, async (tx) => ({ data: await rotateWebhookSecret(tx, ctx.caller, ctx.params.webhookId) })),
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  operationId: "list_webhook_deliveries",
  method: "GET",
  path: "/v3/webhooks/{webhookId}/deliveries",
  tag,
  summary: "List a webhook endpoint's deliveries",
  description: `Returns {data: deliveries}, newest first (the last 100), each with its attempts: when, the status code, how long, the error. ${OWNERS}`,
  params: WebhookParams,
  load: loadWebhook,
  response: WebhookDeliveryList,
  status: 200,
  errors: ["forbidden"],
  run: async ({ db, caller, params }) => ({ data: await listWebhookDeliveries(db, caller, params.webhookId) }),
});

export const redeliverWebhookEndpoint = defineEndpoint({
  operationId: "redeliver_webhook",
  method: "POST",
  path: "/v3/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
  tag,
  summary: "Deliver an event again",
  description: `Returns {data: the new delivery}: the same event id and body, tried from now. ${OWNERS}`,
  params: WebhookDeliveryParams,
  load: loadWebhook,
  bodyOptional: true,
  response: WebhookDeliveryResult,
  status: 201,
  errors: ["forbidden"],
  run: (ctx) => write(ctx, async (tx) => ({ data: await redeliverWebhook(tx, ctx.caller, ctx.params) })),
});

export const testWebhookEndpoint = defineEndpoint({
  operationId: "test_webhook",
  method: "POST",
  path: "/v3/webhooks/{webhookId}/test",
  tag,
  summary: "Send a test event",
  description: `Returns {data: the new delivery}: a webhook.test event, {data: {webhook: {id}}}, to this endpoint only. ${OWNERS}`,
  params: WebhookParams,
  load: loadWebhook,
  bodyOptional: true,
  response: WebhookDeliveryResult,
  status: 201,
  errors: ["forbidden"],
  run: (ctx) => write(ctx, async (tx) => ({ data: await sendTestWebhook(tx, ctx.caller, ctx.params.webhookId) })),
});
