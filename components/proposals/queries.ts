"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { ApiClientError, proposalsApi, toApiError } from "@/lib/client/api";
import { companyKeys, contactKeys, contentKeys, proposalKeys } from "@/lib/client/query-keys";
import type {
  CompanyDto,
  CompanyInput,
  ContactDto,
  ContactFilters,
  ContentChange,
  ContentFilters,
  ContentIds,
  ContentInput,
  ContentItemDto,
  ProposalDto,
  ProposalFilters,
  ProposalInput,
  UploadedImageDto,
} from "@/lib/client/types";

/**
 * The proposals UI's data, one place for every screen (library, list, editor): hooks per resource
 * of /api/proposals/v3, keyed by the factories in lib/client/query-keys.ts.
 */

export type { CompanyDto, ContactDto, ContentItemDto, ProposalDto, ProposalFilters, ContentFilters, ContactFilters, UploadedImageDto };

/** A flag of a list's query: sent as `true` when set, left out otherwise. */
const flag = (on: boolean | undefined) => (on ? ("true" as const) : undefined);

// ---- Companies -------------------------------------------------------------------------------

export const useCompanies = () =>
  useQuery({
    queryKey: companyKeys.all,
    queryFn: () => proposalsApi.GET("/v3/companies").then((r) => r.data),
  });

/** Makes a company with the user as its first member. */
export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyInput) => proposalsApi.POST("/v3/companies", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

// ---- Content library -------------------------------------------------------------------------

/** Product ids per request when asking for images (the service takes at most 500). */
const IMAGE_BATCH = 500;

/**
 * A company's library, newest first, each item with its images: the list answers without them,
 * so a second request by product_id adds them (the service's rule: images only when named).
 */
export async function fetchContent(companyId: number, filters: ContentFilters = {}): Promise<ContentItemDto[]> {
  const base = { company_id: companyId, include_archived: flag(filters.include_archived) };
  const items = (await proposalsApi.GET("/v3/content", { params: { query: base } })).data;
  const images = new Map<number, ContentItemDto["images"]>();
  for (let i = 0; i < items.length; i += IMAGE_BATCH) {
    const ids = items.slice(i, i + IMAGE_BATCH).map((item) => item.product_id);
    const withImages = await proposalsApi.GET("/v3/content", { params: { query: { ...base, product_id: ids.join(",") } } });
    for (const item of withImages.data) images.set(item.product_id, item.images);
  }
  return items.map((item) => ({ ...item, images: images.get(item.product_id) ?? [] }));
}

export const useContentList = (companyId: number | undefined, filters: ContentFilters = {}) =>
  useQuery({
    queryKey: contentKeys.list(companyId ?? 0, filters),
    queryFn: () => fetchContent(companyId!, filters),
    enabled: companyId !== undefined,
  });

/** The courses the user may link the company's items to: none unless they author in the workspace it sells (issue 43). */
export const useSellableCourses = (companyId: number) =>
  useQuery({
    queryKey: companyKeys.courses(companyId),
    queryFn: () => proposalsApi.GET("/v3/companies/{companyId}/courses", { params: { path: { companyId } } }).then((r) => r.data),
  });

export function useContentMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: contentKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: ContentInput) => proposalsApi.POST("/v3/content", { body: input }).then((r) => r.data),
      onSuccess: refresh,
    }),
    /** Sets one language's title and description (and the shared fields given); other languages stay. */
    update: useMutation({
      mutationFn: (input: ContentChange) => proposalsApi.PUT("/v3/content", { body: input }).then((r) => r.data),
      onSuccess: refresh,
    }),
    archive: useMutation({
      mutationFn: (ids: ContentIds) =>
        proposalsApi.DELETE("/v3/content", { params: { query: { action: "bulk" } }, body: ids }).then(({ data }) => {
          // The document answers either shape; action=bulk is the one with counts.
          if (!("archived_count" in data)) throw new Error("The server did not answer with the archived items.");
          return data;
        }),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: (ids: ContentIds) => proposalsApi.POST("/v3/content/restore", { body: ids }).then((r) => r.data),
      onSuccess: refresh,
    }),
    /** Links an item to a course it delivers, or unlinks it (null). */
    setCourse: useMutation({
      mutationFn: ({ productId, courseId }: { productId: number; courseId: string | null }) =>
        proposalsApi
          .PATCH("/v3/content/{productId}", { params: { path: { productId } }, body: { course_id: courseId } })
          .then((r) => r.data),
      onSuccess: refresh,
    }),
  };
}

// ---- Images ----------------------------------------------------------------------------------

/**
 * Hosts an image (POST /v3/images, multipart). XMLHttpRequest rather than fetch, because only
 * it reports upload progress. `onProgress` gets 0..1.
 */
export function uploadImage(file: File, companyId: number | undefined, onProgress?: (fraction: number) => void) {
  return new Promise<UploadedImageDto>((resolve, reject) => {
    const form = new FormData();
    form.append("file", file);
    if (companyId !== undefined) form.append("company_id", String(companyId));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/proposals/v3/images");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((body as { data: UploadedImageDto }).data);
      } else {
        reject(toApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiClientError(0, "Could not reach the server. Check your connection and try again."));
    xhr.send(form);
  });
}

/** An image upload with its progress (0..1, null when none is running). */
export function useUploadImage(companyId: number | undefined) {
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadImage(file, companyId, setProgress),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
  });
  const reset = useCallback(() => setProgress(null), []);
  return { ...mutation, progress, resetProgress: reset };
}

// ---- Contacts --------------------------------------------------------------------------------

export const useContacts = (companyId: number | undefined, filters: ContactFilters = {}) =>
  useQuery({
    queryKey: contactKeys.list(companyId ?? 0, filters),
    queryFn: () =>
      proposalsApi
        .GET("/v3/contacts", {
          params: { query: { company_id: companyId, q: filters.q || undefined, include_archived: flag(filters.include_archived) } },
        })
        .then((r) => r.data),
    enabled: companyId !== undefined,
  });

// ---- Proposals -------------------------------------------------------------------------------

export const fetchProposals = (companyId: number, filters: ProposalFilters = {}) =>
  proposalsApi
    .GET("/v3/proposals", {
      params: {
        query: {
          company_id: companyId,
          status: filters.status,
          series_uuid: filters.series_uuid,
          q: filters.q?.trim() || undefined,
          include_archived: flag(filters.include_archived),
        },
      },
    })
    .then((r) => r.data);

/** A company's proposals, newest first (filters: status, series_uuid, q, include_archived). */
export const useProposals = (companyId: number | undefined, filters: ProposalFilters = {}) =>
  useQuery({
    queryKey: proposalKeys.list(companyId ?? 0, filters),
    queryFn: () => fetchProposals(companyId!, filters),
    enabled: companyId !== undefined,
  });

/** Creates a draft (blank, or from a template with tracking.created_from_template). */
export function useCreateProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposalInput) => proposalsApi.POST("/v3/proposals", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}
