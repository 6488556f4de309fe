import { z } from "zod";
import { atLeastOne, NumericId, UnixTime } from "@/lib/api/schemas";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { dataOf, Id, QueryId } from "../common-schemas";

export const WebhookEventType = z.enum(WEBHOOK_EVENTS).describe("A proposal or enrolment event");

const WebhookUrl = z.string().trim().min(1).max(2000).describe("https (http only where private addresses are allowed); a public address");
const Events = z.array(WebhookEventType).min(1).max(WEBHOOK_EVENTS.length).describe("The events it receives");
const Description = z.string().max(500);

/** An endpoint as every answer shows it: never its secret. */
export const Webhook = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    consecutive_failures: z.number().int().describe("Failed attempts in a row; 20 turn it off"),
    disabled_at: UnixTime.nullable().describe("When failures turned it off; null while on or turned off by hand"),
    created_at: UnixTime,
  })
  .meta({ id: "Webhook" });
export type WebhookDto = z.infer<typeof Webhook>;

/** The answer of create: the one time besides rotate-secret that the secret is shown. */
export const CreatedWebhook = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    secret: z.string().describe("Signs every delivery (Coursewright-Signature). Shown only now and by rotate-secret: keep it"),
    created_at: UnixTime,
  })
  .meta({ id: "CreatedWebhook" });

export const WebhookAttempt = z.object({
  at: UnixTime,
  status_code: z.number().int().nullable().describe("null: no answer (timeout, refused address, network)"),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const WebhookDelivery = z
  .object({
    id: z.number().int(),
    event_id: z.uuid().describe("Coursewright-Event-Id: the same on a redelivery"),
    type: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    created_at: UnixTime,
    attempts: z.array(WebhookAttempt).describe("Oldest first"),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryDto = z.infer<typeof WebhookDelivery>;

export const WebhookList = dataOf(z.array(Webhook));
export const WebhookResult = dataOf(Webhook);
export const CreatedWebhookResult = dataOf(CreatedWebhook);
export const WebhookSecretResult = dataOf(z.object({ secret: z.string() }));
export const WebhookDeliveryList = dataOf(z.array(WebhookDelivery));
export const WebhookDeliveryResult = dataOf(WebhookDelivery);

export const WebhookParams = z.object({ webhookId: NumericId });
export const WebhookDeliveryParams = z.object({ webhookId: NumericId, deliveryId: NumericId });
export const ListWebhooksQuery = z.strictObject({ company_id: QueryId.describe("The company whose endpoints to list") });

export const CreateWebhookBody = z
  .strictObject({ company_id: Id, url: WebhookUrl, events: Events, description: Description.optional() })
  .meta({ id: "CreateWebhook" });
const UpdateWebhookFields = z.strictObject({
  url: WebhookUrl.optional(),
  events: Events.optional(),
  description: Description.optional(),
  enabled: z.boolean().optional().describe("true turns it back on and clears its failure count"),
});
export const UpdateWebhookBody = atLeastOne(UpdateWebhookFields, Object.keys(UpdateWebhookFields.shape)).meta({ id: "UpdateWebhook" });
