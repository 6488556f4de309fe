"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchProposals } from "@/components/proposals/queries";
import { formData, proposalsApi } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import type {
  AttachmentDto,
  ProposalBlockEdit,
  ProposalDto,
  ProposalNewVersion,
  ProposalPatch,
  ProposalSendInput,
} from "@/lib/client/types";

/**
 * The proposal editor's data: one proposal, its series, the attachment library, and the writes
 * the editor makes. Lists shared with other screens (contacts, content) come from
 * components/proposals/queries.ts.
 */

export type { AttachmentDto, ProposalDto };
/** A block as a PATCH's `blocks` list names it: an existing one by uuid, or a new one. */
export type BlockInput = NonNullable<ProposalPatch["blocks"]>[number];
/** An attachment as a PATCH's `attachments` list names it: a library file by id, or a link. */
export type AttachmentInput = NonNullable<ProposalPatch["attachments"]>[number];
export type ProposalBlockDto = ProposalDto["blocks"][number];
export type ProposalAttachmentDto = ProposalDto["attachments"][number];
/** The PATCH body without company_id, which every write adds from the proposal itself. */
export type ProposalChange = Omit<ProposalPatch, "company_id">;
export type BlockChange = ProposalBlockEdit;
export type LifecycleAction = "send" | "accept" | "reject" | "withdraw" | "archive" | "unarchive";
/** What the send dialog adds to a send: the expiry, a personal message, and whether to mail it (docs/decisions/033). */
export type SendOptions = ProposalSendInput;

/** The attachment library has no factory in lib/client/query-keys.ts yet: its key lives here. */
const attachmentKeys = { ofCompany: (companyId: number) => ["attachments", companyId] as const };

export const useProposal = (uuid: string) =>
  useQuery({
    queryKey: proposalKeys.detail(uuid),
    queryFn: () => proposalsApi.GET("/v3/proposals/{uuid}", { params: { path: { uuid } } }).then((r) => r.data),
  });

/** The version a draft was made from, when there is one to show (its customer's change requests). */
export const useSourceProposal = (uuid: string | null) =>
  useQuery({
    queryKey: proposalKeys.detail(uuid ?? ""),
    queryFn: () => proposalsApi.GET("/v3/proposals/{uuid}", { params: { path: { uuid: uuid! } } }).then((r) => r.data),
    enabled: uuid !== null,
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
    queryFn: () => proposalsApi.GET("/v1/attachments", { params: { query: { company_id: companyId } } }).then((r) => r.attachments),
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
 * POST /v3/proposals/{uuid}/<name>: each answers the whole proposal. Only `send` reads a body (the
 * expiry, the message, whether to mail it); the others take none.
 */
function lifecycle(uuid: string, name: LifecycleAction, send: SendOptions = {}) {
  const params = { path: { uuid } };
  switch (name) {
    case "send":
      return proposalsApi.POST("/v3/proposals/{uuid}/send", { params, body: send });
    case "accept":
      return proposalsApi.POST("/v3/proposals/{uuid}/accept", { params });
    case "reject":
      return proposalsApi.POST("/v3/proposals/{uuid}/reject", { params });
    case "withdraw":
      return proposalsApi.POST("/v3/proposals/{uuid}/withdraw", { params });
    case "archive":
      return proposalsApi.POST("/v3/proposals/{uuid}/archive", { params });
    case "unarchive":
      return proposalsApi.POST("/v3/proposals/{uuid}/unarchive", { params });
  }
}

/** Each proposal's last write in line (see `inTurn`). */
const writeLines = new Map<string, Promise<unknown>>();

/**
 * Runs a write of proposal `uuid` after the writes already in line for it. Each answer is the whole
 * proposal, and the last one stored must be the last one written: two writes in flight at once
 * (a title and a block saving together) could commit in one order and answer in the other, and the
 * older answer would then put back what the newer write changed.
 */
function inTurn<T>(uuid: string, write: () => Promise<T>): Promise<T> {
  const result = (writeLines.get(uuid) ?? Promise.resolve()).then(write);
  const done = result.catch(() => undefined);
  writeLines.set(uuid, done);
  void done.then(() => {
    if (writeLines.get(uuid) === done) writeLines.delete(uuid);
  });
  return result;
}

/**
 * The writes of one proposal, one at a time (`inTurn`). Each answer is the whole proposal, which
 * replaces the cached one; the series list is refreshed after status changes.
 */
export function useProposalWrites(proposal: Pick<ProposalDto, "uuid" | "company_id" | "language" | "series_uuid">) {
  const client = useQueryClient();
  const { uuid, company_id } = proposal;
  const store = (data: ProposalDto) => client.setQueryData(proposalKeys.detail(data.uuid), data);
  const refreshLists = () => client.invalidateQueries({ queryKey: proposalKeys.all, refetchType: "active" });

  const patch = (change: ProposalChange) =>
    inTurn(uuid, async () => {
      const { data } = await proposalsApi.PATCH("/v3/proposals/{uuid}", { params: { path: { uuid } }, body: { company_id, ...change } });
      store(data);
      return data;
    });

  const patchBlock = (blockUuid: string, change: BlockChange) =>
    inTurn(uuid, async () => {
      const { data } = await proposalsApi.PATCH("/v3/proposals/{uuid}/blocks/{blockUuid}", {
        params: { path: { uuid, blockUuid } },
        body: change,
      });
      store(data);
      return data;
    });

  /** Shallow merge into data; a key set to null is deleted. */
  const patchData = (data: Record<string, unknown>) =>
    inTurn(uuid, async () => {
      const r = await proposalsApi.PATCH("/v3/proposals/{uuid}/data", { params: { path: { uuid } }, body: { data } });
      client.setQueryData<ProposalDto>(proposalKeys.detail(uuid), (old) => (old ? { ...old, data: r.data } : old));
      return r.data;
    });

  const action = useMutation({
    mutationFn: ({ name, send }: { name: LifecycleAction; send?: SendOptions }) =>
      inTurn(uuid, () => lifecycle(uuid, name, send).then((r) => r.data)),
    onSuccess: (data) => {
      store(data);
      return refreshLists();
    },
  });

  const newVersion = useMutation({
    mutationFn: (body: Partial<Omit<ProposalNewVersion, "company_id">> = {}) =>
      proposalsApi.POST("/v3/proposals/{uuid}", {
        params: { path: { uuid } },
        body: { company_id, language: proposal.language, ...body },
      }),
    onSuccess: refreshLists,
  });

  const saveAsTemplate = useMutation({
    mutationFn: () => proposalsApi.POST("/v3/proposals/{uuid}/template", { params: { path: { uuid } } }),
    onSuccess: refreshLists,
  });

  /** A new draft from this template. */
  const createFromTemplate = useMutation({
    mutationFn: () =>
      proposalsApi.POST("/v3/proposals", {
        body: { company_id, language: proposal.language, tracking: { created_from_template: uuid } },
      }),
    onSuccess: refreshLists,
  });

  return { patch, patchBlock, patchData, action, newVersion, saveAsTemplate, createFromTemplate, refreshLists };
}

/** Adds a file to the company's attachment library (POST /v1/attachments, multipart). */
export function useUploadAttachment(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      proposalsApi
        .POST("/v1/attachments", { body: { file, company_id: String(companyId) }, bodySerializer: formData })
        .then((r) => r.attachment),
    onSuccess: () => client.invalidateQueries({ queryKey: attachmentKeys.ofCompany(companyId) }),
  });
}
