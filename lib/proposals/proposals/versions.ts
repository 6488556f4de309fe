import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import type { Proposal } from "@/lib/generated/prisma/client";
import { actorOf, recordProposalEvent } from "../events/record-event";
import type { PreparedAttachments } from "./attachments";
import { contentColumns } from "./proposal-columns";
import { editorUrl } from "./read-model";
import type { ProposalNewVersion } from "./schemas";
import { assertVersionable } from "./status-rules";
import { revisionOf, saveRevision } from "./update-proposal";

/**
 * POST /v3/proposals/{uuid}: the next-version draft of a proposal, in its series. The same draft
 * is returned (and updated with the body's overrides) until it is sent or archived; then a fresh
 * one is made. The series row is locked first, so concurrent calls queue up and make one draft,
 * and version numbers never collide.
 */
export async function createNextVersion(
  tx: Tx,
  caller: Caller,
  sourceUuid: string,
  body: ProposalNewVersion,
  attachments: PreparedAttachments | undefined,
) {
  const { seriesId } = await tx.proposal.findUniqueOrThrow({ where: { id: sourceUuid }, select: { seriesId: true } });
  await tx.$queryRaw`SELECT id FROM proposal_series WHERE id = ${seriesId}::uuid FOR UPDATE`;
  const source = await tx.proposal.findUniqueOrThrow({ where: { id: sourceUuid } });
  assertVersionable(source, body.company_id);

  const { company_id: _companyId, creator_email: _ignored, ...overrides } = body;
  const existing = await tx.proposal.findFirst({
    where: { sourceId: source.id, status: "draft", archivedAt: null },
    orderBy: { createdAt: "desc" },
  });
  const draft = existing ?? (await carryOver(tx, source));
  if (!existing) {
    const detail = { version: draft.version, from_version: source.version };
    await recordProposalEvent(tx, draft, { type: "created", actor: actorOf(caller), detail });
  }
  await saveRevision(tx, draft.id, await revisionOf(tx, caller, draft, overrides, attachments));
  return { proposal: { uuid: draft.id, url: editorUrl(draft.id) } };
}

/**
 * A new draft carrying over, field by field, what proposals-service.md lists: blocks with their
 * editor customisations, attachments, recipient, language, title and description, tax options,
 * background image and video, payment configuration, data, creator and contact person (and the
 * invoicing settings, discount decimals and currency that go with them).
 */
async function carryOver(tx: Tx, source: Proposal): Promise<Proposal> {
  // One after the other: a transaction is one connection, which runs one query at a time.
  const latest = await tx.proposal.aggregate({ where: { seriesId: source.seriesId }, _max: { version: true } });
  const accepted = await tx.proposal.findFirst({
    where: { seriesId: source.seriesId, status: "accepted" },
    orderBy: { statusChangedAt: "desc" },
    select: { id: true },
  });
  const created = await tx.proposal.create({
    data: {
      seriesId: source.seriesId,
      companyId: source.companyId,
      version: (latest._max.version ?? 0) + 1,
      status: "draft",
      sourceId: source.id,
      acceptedProposalId: accepted?.id ?? null,
      ...contentColumns(source),
      recipientId: source.recipientId,
      creatorUserId: source.creatorUserId,
      trackingRfpId: source.trackingRfpId,
      trackingTemplateId: source.trackingTemplateId,
      isTest: source.isTest,
    },
  });
  return created;
}
