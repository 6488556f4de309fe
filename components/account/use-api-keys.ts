"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringFetch } from "@/lib/client/api";
import { apiKeyKeys } from "@/lib/client/query-keys";
import type { ApiKeyDto, CreatedApiKeyDto } from "@/lib/client/types";

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: () => authoringFetch<{ api_keys: ApiKeyDto[] }>("/api-keys").then((r) => r.api_keys),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => authoringFetch<CreatedApiKeyDto>("/api-keys", { method: "POST", json: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authoringFetch(`/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: (_r, id) => client.setQueryData<ApiKeyDto[]>(apiKeyKeys.all, (keys) => keys?.filter((k) => k.id !== id)),
  });
}
