import { toUnix } from "@/lib/api/schemas";
import type { Tx } from "@/lib/db/client";
import { INTERNAL_EVENT_TYPES, type ProposalEventType } from "./event-types";
import type { ProposalEventDto } from "./schemas";

/** At most this many events are read, newest kept: a proposal viewed thousands of times still answers quickly. */
export const EVENTS_LIMIT = 500;

/**
 * A proposal's audit trail, oldest first. `forRecipient`: the customer's page, where members and
 * keys are "the sender" (their internal names are the company's business) and the detail of what
 * staff did stays with staff; the company's approval rounds are not shown at all.
 */
export async function listProposalEvents(tx: Tx, proposalId: string, { forRecipient = false } = {}): Promise<ProposalEventDto[]> {
  const rows = await tx.proposalEvent.findMany({
    where: { proposalId, ...(forRecipient ? { type: { notIn: [...INTERNAL_EVENT_TYPES] } } : {}) },
    orderBy: { id: "desc" },
    take: EVENTS_LIMIT,
    select: { type: true, actorKind: true, actorName: true, detail: true, createdAt: true },
  });
  return rows.reverse().map((row) => {
    const staff = row.actorKind === "member" || row.actorKind === "agent";
    return {
      type: row.type as ProposalEventType,
      created_at: toUnix(row.createdAt),
      actor: forRecipient && staff ? { kind: "member", name: "" } : { kind: row.actorKind, name: row.actorName },
      detail: forRecipient && staff ? {} : ((row.detail ?? {}) as Record<string, unknown>),
    };
  });
}
