// PUT /api/presence: say which block this tab is in
import { appRoute } from "@/lib/app/route";
import { updatePresenceEndpoint } from "@/lib/presence/presence";

export const dynamic = "force-dynamic";
export const PUT = appRoute(updatePresenceEndpoint);
