"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringFetch } from "@/lib/client/api";
import type { ApiKeyDto } from "@/lib/api-keys/schemas";

const key = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: key,
    queryFn: () => authoringFetch<{ api_keys: ApiKeyDto[] }>("/api-keys").then((r) => r.api_keys),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      authoringFetch<ApiKeyDto & { key: string; warning: string }>("/api-keys", { method: "POST", json: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authoringFetch(`/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: (_r, id) => client.setQueryData<ApiKeyDto[]>(key, (keys) => keys?.filter((k) => k.id !== id)),
  });
}
