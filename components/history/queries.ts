"use client";

import { useQuery } from "@tanstack/react-query";
import { appApi } from "@/lib/client/api";
import { historyKeys } from "@/lib/client/query-keys";
import type { HistoryEntry } from "@/lib/client/types";

export type { HistoryEntry };

/** Who changed an item and how; loaded only once asked for (`enabled`). */
export const useItemHistory = (itemId: string, enabled: boolean) =>
  useQuery({
    queryKey: historyKeys.ofItem(itemId),
    queryFn: () => appApi.GET("/history/{targetId}", { params: { path: { targetId: itemId } } }).then((r) => r.history),
    enabled,
  });
