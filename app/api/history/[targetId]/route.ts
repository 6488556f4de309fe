// GET /api/history/{targetId}: who changed an item, when, and through which interface
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { itemHistoryEndpoint } from "@/lib/audit/history";

export const dynamic = "force-dynamic";
export const GET = routeHandler(appService, itemHistoryEndpoint);
