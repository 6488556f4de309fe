"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appApi } from "@/lib/client/api";
import type { NotificationSettingsDto } from "@/lib/client/types";
import type { NotificationKind } from "@/lib/notifications/kinds";

/** The signed-in user's notification mails (GET/PUT /api/account/notifications, docs/decisions/033). */
const notificationKeys = { settings: ["account", "notifications"] as const };

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => appApi.GET("/account/notifications"),
  });
}

/** Turns one kind on or off; the answer (all of the settings) replaces the cached ones. */
export function useSetNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NotificationKind; on: boolean }) => appApi.PUT("/account/notifications", { body: { [kind]: on } }),
    onSuccess: (settings: NotificationSettingsDto) => client.setQueryData(notificationKeys.settings, settings),
  });
}
