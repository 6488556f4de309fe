"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authoringApi } from "@/lib/client/api";
import { apiKeyKeys } from "@/lib/client/query-keys";
import type { ApiKeyDto } from "@/lib/client/types";

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: () => authoringApi.GET("/api-keys").then((r) => r.api_keys),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scope: "full" | "suggest" }) => authoringApi.POST("/api-keys", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authoringApi.DELETE("/api-keys/{keyId}", { params: { path: { keyId: id } } }),
    onSuccess: (_r, id) => client.setQueryData<ApiKeyDto[]>(apiKeyKeys.all, (keys) => keys?.filter((k) => k.id !== id)),
  });
}
