// GET /api/history/{targetId}: who changed an item, when, and through which interface
import { routeHandler } from "@/lib/api/endpoint";
import { appService } from "@/lib/api/services";
import { itemHistoryEndpoint } from "@/lib/audit/history";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, itemHistoryEndpoint);
