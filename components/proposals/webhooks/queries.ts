"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { proposalsApi } from "@/lib/client/api";
import { webhookKeys } from "@/lib/client/query-keys";
import type { WebhookChange, WebhookDeliveryDto, WebhookDto, WebhookEventType, WebhookInput } from "@/lib/client/types";

export type { WebhookDeliveryDto, WebhookDto, WebhookEventType };

/** A company's webhook endpoints, oldest first (owners only: the API refuses everyone else). */
export const useWebhooks = (companyId: number, enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.ofCompany(companyId),
    queryFn: () => proposalsApi.GET("/v3/webhooks", { params: { query: { company_id: companyId } } }).then((r) => r.data),
    enabled,
    // Failures turn an endpoint off on the server: look again now and then while the page is open.
    refetchInterval: 15_000,
  });

const isPending = (deliveries: WebhookDeliveryDto[] | undefined) => deliveries?.some((d) => d.status === "pending") ?? false;

/** An endpoint's last deliveries, newest first; looked at every 2 s while one is still being tried. */
export const useWebhookDeliveries = (webhookId: number, enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: () => proposalsApi.GET("/v3/webhooks/{webhookId}/deliveries", { params: { path: { webhookId } } }).then((r) => r.data),
    enabled,
    refetchInterval: (query) => (isPending(query.state.data) ? 2_000 : 15_000),
  });

/** What an owner does on the webhooks page. */
export function useWebhookMutations(companyId: number) {
  const client = useQueryClient();
  const refreshList = () => client.invalidateQueries({ queryKey: webhookKeys.ofCompany(companyId) });
  const refreshDeliveries = (webhookId: number) => client.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) });
  const endpoint = (webhookId: number) => ({ params: { path: { webhookId } } });
  return {
    create: useMutation({
      mutationFn: (input: Omit<WebhookInput, "company_id">) =>
        proposalsApi.POST("/v3/webhooks", { body: { ...input, company_id: companyId } }).then((r) => r.data),
      onSuccess: refreshList,
    }),
    update: useMutation({
      mutationFn: ({ webhookId, change }: { webhookId: number; change: WebhookChange }) =>
        proposalsApi.PATCH("/v3/webhooks/{webhookId}", { ...endpoint(webhookId), body: change }).then((r) => r.data),
      onSuccess: (_data, { webhookId }) => Promise.all([refreshList(), refreshDeliveries(webhookId)]),
    }),
    remove: useMutation({
      mutationFn: (webhookId: number) => proposalsApi.DELETE("/v3/webhooks/{webhookId}", endpoint(webhookId)).then((r) => r.data),
      onSuccess: (_data, webhookId) => {
        client.removeQueries({ queryKey: webhookKeys.deliveries(webhookId) });
        return refreshList();
      },
    }),
    rotateSecret: useMutation({
      mutationFn: (webhookId: number) =>
        proposalsApi.POST("/v3/webhooks/{webhookId}/rotate-secret", endpoint(webhookId)).then((r) => r.data),
    }),
    sendTest: useMutation({
      mutationFn: (webhookId: number) => proposalsApi.POST("/v3/webhooks/{webhookId}/test", endpoint(webhookId)).then((r) => r.data),
      onSuccess: (_data, webhookId) => refreshDeliveries(webhookId),
    }),
    redeliver: useMutation({
      mutationFn: ({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
        proposalsApi
          .POST("/v3/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver", { params: { path: { webhookId, deliveryId } } })
          .then((r) => r.data),
      onSuccess: (_data, { webhookId }) => refreshDeliveries(webhookId),
    }),
  };
}
