"use client";

import { useQuery } from "@tanstack/react-query";
import { proposalsApi } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";

/**
 * Whether a proposal was mailed to its recipient and how far the mail got, and whether the
 * signed-in user may have proposals mailed (GET /v3/proposals/{uuid}/delivery). Under
 * proposalKeys.all, so a send, which refreshes that, refreshes this too.
 */
export const deliveryKeys = { of: (uuid: string) => [...proposalKeys.all, "delivery", uuid] as const };

/** A mail on its way is looked at again until the worker has settled it. */
const SETTLING_MS = 3_000;

export const useProposalDelivery = (uuid: string) =>
  useQuery({
    queryKey: deliveryKeys.of(uuid),
    queryFn: () => proposalsApi.GET("/v3/proposals/{uuid}/delivery", { params: { path: { uuid } } }).then((r) => r.data),
    refetchInterval: (query) => {
      const status = query.state.data?.mail?.status;
      return status === "pending" || status === "sending" ? SETTLING_MS : false;
    },
  });
