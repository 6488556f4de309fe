// GET /api/history/{targetId}: who changed an item, when, and through which interface
import { appRoute } from "@/lib/app/route";
import { itemHistoryEndpoint } from "@/lib/audit/history";

export const dynamic = "force-dynamic";
export const GET = appRoute(itemHistoryEndpoint);
