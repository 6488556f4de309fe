// POST /v3/webhooks/{webhookId}/test: send a webhook.test event
import { proposalsRoute } from "@/lib/proposals/route";
import { testWebhookEndpoint } from "@/lib/proposals/webhooks/endpoints";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(testWebhookEndpoint);
