// POST /v3/content/restore: restore archived content items
import { restoreContentEndpoint } from "@/lib/proposals/content/endpoints";
import { proposalsRoute } from "@/lib/proposals/route";

export const dynamic = "force-dynamic";
export const POST = proposalsRoute(restoreContentEndpoint);
