// POST /v3/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver: deliver an event again
import { proposalsRoute } from "@/lib/proposals/route";
import { redeliverWebhookEndpoint } from "@/lib/proposals/webhooks/endpoints";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(redeliverWebhookEndpoint);
