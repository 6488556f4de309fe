// POST /v3/webhooks/{webhookId}/rotate-secret: give an endpoint a new signing secret
import { proposalsRoute } from "@/lib/proposals/route";
import { rotateWebhookSecretEndpoint } from "@/lib/proposals/webhooks/endpoints";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(rotateWebhookSecretEndpoint);
