"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchProposals } from "@/components/proposals/queries";
import { proposalsFetch } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import type { ProposalDto, ProposalRefDto } from "@/lib/client/types";
import type { AttachmentDto } from "@/lib/proposals/attachments/schemas";
import type { AttachmentInput, BlockEdit, BlockInput, ProposalNewVersion, ProposalPatch } from "@/lib/proposals/proposals/schemas";

/**
 * The proposal editor's data: one proposal, its series, the attachment library, and the writes
 * the editor makes. Lists shared with other screens (contacts, content) come from
 * components/proposals/queries.ts.
 */

export type { AttachmentDto, AttachmentInput, BlockInput, ProposalDto };
export type ProposalBlockDto = ProposalDto["blocks"][number];
export type ProposalAttachmentDto = ProposalDto["attachments"][number];
/** The PATCH body without company_id, which every write adds from the proposal itself. */
export type ProposalChange = Omit<ProposalPatch, "company_id">;
export type BlockChange = BlockEdit;
export type LifecycleAction = "send" | "accept" | "reject" | "withdraw" | "archive" | "unarchive";

/** The attachment library has no factory in lib/client/query-keys.ts yet: its key lives here. */
const attachmentKeys = { ofCompany: (companyId: number) => ["attachments", companyId] as const };

export const useProposal = (uuid: string) =>
  useQuery({
    queryKey: proposalKeys.detail(uuid),
    queryFn: () => proposalsFetch<{ data: ProposalDto }>(`/v3/proposals/${uuid}`).then((r) => r.data),
  });

/** Every version of a series (archived ones too), oldest first. */
export const useSeries = (companyId: number | undefined, seriesUuid: string | undefined) =>
  useQuery({
    queryKey: proposalKeys.series(seriesUuid ?? ""),
    queryFn: () =>
      fetchProposals(companyId!, { series_uuid: seriesUuid, include_archived: true }).then((list) =>
        [...list].sort((a, b) => a.version - b.version),
      ),
    enabled: companyId !== undefined && !!seriesUuid,
  });

export const useAttachmentLibrary = (companyId: number, enabled: boolean) =>
  useQuery({
    queryKey: attachmentKeys.ofCompany(companyId),
    queryFn: () => proposalsFetch<{ attachments: AttachmentDto[] }>(`/v1/attachments?company_id=${companyId}`).then((r) => r.attachments),
    enabled,
  });

/** What the editor sends to keep an existing block where it is (its uuid, type and content). */
export function blockRef(block: ProposalBlockDto): BlockInput {
  if (block.type === "video-block" && block.content_id === null) {
    return { uuid: block.uuid, type: "video-block", video_url: block.video_url ?? undefined };
  }
  return { uuid: block.uuid, type: block.type, content_id: block.content_id ?? undefined };
}

/** What the editor sends to keep an existing attachment. */
export function attachmentRef(a: ProposalAttachmentDto): AttachmentInput {
  if (a.id !== null) return { id: a.id };
  return { mime_type: a.mime_type === "application/pdf" ? "application/pdf" : "text/html", name: a.name, url: a.url };
}

/**
 * The writes of one proposal. Each answer is the whole proposal, which replaces the cached one;
 * the series list is refreshed after status changes.
 */
export function useProposalWrites(proposal: Pick<ProposalDto, "uuid" | "company_id" | "language" | "series_uuid">) {
  const client = useQueryClient();
  const { uuid, company_id } = proposal;
  const store = (data: ProposalDto) => client.setQueryData(proposalKeys.detail(data.uuid), data);
  const refreshLists = () => client.invalidateQueries({ queryKey: proposalKeys.all, refetchType: "active" });

  const patch = (change: ProposalChange) =>
    proposalsFetch<{ data: ProposalDto }>(`/v3/proposals/${uuid}`, { method: "PATCH", json: { company_id, ...change } }).then((r) => {
      store(r.data);
      return r.data;
    });

  const patchBlock = (blockUuid: string, change: BlockChange) =>
    proposalsFetch<{ data: ProposalDto }>(`/v3/proposals/${uuid}/blocks/${blockUuid}`, { method: "PATCH", json: change }).then((r) => {
      store(r.data);
      return r.data;
    });

  /** Shallow merge into data; a key set to null is deleted. */
  const patchData = (data: Record<string, unknown>) =>
    proposalsFetch<{ data: Record<string, unknown> }>(`/v3/proposals/${uuid}/data`, { method: "PATCH", json: { data } }).then((r) => {
      client.setQueryData<ProposalDto>(proposalKeys.detail(uuid), (old) => (old ? { ...old, data: r.data } : old));
      return r.data;
    });

  const action = useMutation({
    mutationFn: ({ name, expiresAt }: { name: LifecycleAction; expiresAt?: number }) =>
      proposalsFetch<{ data: ProposalDto }>(`/v3/proposals/${uuid}/${name}`, {
        method: "POST",
        json: name === "send" && expiresAt !== undefined ? { expires_at: expiresAt } : {},
      }).then((r) => r.data),
    onSuccess: (data) => {
      store(data);
      return refreshLists();
    },
  });

  const newVersion = useMutation({
    mutationFn: (body: Partial<Omit<ProposalNewVersion, "company_id">> = {}) =>
      proposalsFetch<ProposalRefDto>(`/v3/proposals/${uuid}`, {
        method: "POST",
        json: { company_id, language: proposal.language, ...body },
      }),
    onSuccess: refreshLists,
  });

  const saveAsTemplate = useMutation({
    mutationFn: () => proposalsFetch<ProposalRefDto>(`/v3/proposals/${uuid}/template`, { method: "POST", json: {} }),
    onSuccess: refreshLists,
  });

  /** A new draft from this template. */
  const createFromTemplate = useMutation({
    mutationFn: () =>
      proposalsFetch<ProposalRefDto>("/v3/proposals", {
        method: "POST",
        json: { company_id, language: proposal.language, tracking: { created_from_template: uuid } },
      }),
    onSuccess: refreshLists,
  });

  return { patch, patchBlock, patchData, action, newVersion, saveAsTemplate, createFromTemplate, refreshLists };
}

/** Adds a file to the company's attachment library (POST /v1/attachments, multipart). */
export function useUploadAttachment(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      form.append("company_id", String(companyId));
      return proposalsFetch<{ attachment: AttachmentDto }>("/v1/attachments", { method: "POST", body: form }).then((r) => r.attachment);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: attachmentKeys.ofCompany(companyId) }),
  });
}
