// PATCH /v3/webhooks/{webhookId}: change an endpoint; DELETE: delete it
import { proposalsRoute } from "@/lib/proposals/route";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/proposals/webhooks/endpoints";

export const dynamic = "force-dynamic";
export const PATCH = proposalsRoute(updateWebhookEndpoint);
export const DELETE = proposalsRoute(deleteWebhookEndpoint);
