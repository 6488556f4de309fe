// GET /api/account/notifications: which notification mails you get; PUT: turn them on or off
import { appRoute } from "@/lib/app/route";
import { getNotificationSettingsEndpoint, updateNotificationSettingsEndpoint } from "@/lib/notifications/endpoints";

export const dynamic = "force-dynamic";
export const GET = appRoute(getNotificationSettingsEndpoint);
export const PUT = appRoute(updateNotificationSettingsEndpoint);
