// GET /v3/webhooks: list a company's webhook endpoints
// POST /v3/webhooks: register one
import { proposalsRoute } from "@/lib/proposals/route";
import { createWebhookEndpoint, listWebhooksEndpoint } from "@/lib/proposals/webhooks/endpoints";

export const dynamic = "force-dynamic";
export const GET = proposalsRoute(listWebhooksEndpoint);
export const POST = proposalsRoute(createWebhookEndpoint);
