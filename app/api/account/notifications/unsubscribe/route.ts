// POST /api/account/notifications/unsubscribe: a notification mail's one-click unsubscribe (RFC 8058)
import { appRoute } from "@/lib/app/route";
import { unsubscribeEndpoint } from "@/lib/notifications/endpoints";

export const dynamic = "force-dynamic";
export const POST = appRoute(unsubscribeEndpoint);
