"use client";

import { useQuery } from "@tanstack/react-query";
import { proposalsApi } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";

/**
 * A proposal's audit trail (GET /v3/proposals/{uuid}/events), under proposalKeys.all so every
 * action of the editor, which refreshes that, refreshes this too. A sent proposal's customer may
 * act at any time (open it, accept it): it is looked at again while the editor stays open.
 */
export const historyKeys = { of: (uuid: string) => [...proposalKeys.all, "events", uuid] as const };

const WATCH_MS = 30_000;

export const useProposalHistory = (uuid: string, isSent: boolean) =>
  useQuery({
    queryKey: historyKeys.of(uuid),
    queryFn: () => proposalsApi.GET("/v3/proposals/{uuid}/events", { params: { path: { uuid } } }).then((r) => r.data),
    refetchInterval: isSent ? WATCH_MS : false,
  });
