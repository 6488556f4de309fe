// GET /v3/webhooks/{webhookId}/deliveries: an endpoint's deliveries with their attempts
import { proposalsRoute } from "@/lib/proposals/route";
import { listWebhookDeliveriesEndpoint } from "@/lib/proposals/webhooks/endpoints";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listWebhookDeliveriesEndpoint);
