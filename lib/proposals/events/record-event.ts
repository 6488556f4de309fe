import type { Caller } from "@/lib/api/authenticate";
import type { Tx } from "@/lib/db/client";
import { readProposal } from "@/lib/proposals/proposals/get-proposal";
import { json } from "@/lib/proposals/proposals/proposal-columns";
import { fullName } from "@/lib/proposals/proposals/read-model";
import type { ProposalDto } from "@/lib/proposals/proposals/schemas";
import { enqueueWebhookEvent, type WebhookEventType } from "@/lib/webhooks/events";
import type { ProposalEventType } from "./event-types";

/*
 * One home for "something happened to a proposal": its audit trail (proposal_events, read by
 * GET /v3/proposals/{uuid}/events and shown on both sides) and, for the events an outside system
 * may subscribe to, its webhook delivery (lib/webhooks/events.ts). Both are written in the
 * transaction of the action: an action that rolls back leaves neither, one that commits has both.
 */

/** Who did it: a member in the browser, a client with an API key (an agent), the recipient, or the app itself. */
export type ProposalActor =
  { kind: "member" | "agent"; userId: string; name: string } | { kind: "recipient"; name: string } | { kind: "system" };

/** The webhook event an audit event is, where there is one. */
const WEBHOOK_EVENT: Partial<Record<ProposalEventType, WebhookEventType>> = {
  sent: "proposal.sent",
  viewed: "proposal.viewed",
  accepted: "proposal.accepted",
  rejected: "proposal.rejected",
  withdrawn: "proposal.withdrawn",
  expired: "proposal.expired",
  changes_requested: "proposal.changes_requested",
  approval_requested: "proposal.approval_requested",
  approved: "proposal.approved",
  approval_declined: "proposal.approval_declined",
};

/** The actor a request's caller is: a key is an agent, named by the key's name. */
export function actorOf(caller: Caller): ProposalActor {
  if (caller.via === "api_key") return { kind: "agent", userId: caller.userId, name: caller.apiKey?.name || caller.name };
  return { kind: "member", userId: caller.userId, name: caller.name };
}

/** The recipient as an actor: by name, else by address. */
export const recipientActor = (
  recipient: { firstName: string; lastName: string; email: string } | null,
  typedName?: string,
): ProposalActor => ({ kind: "recipient", name: typedName || (recipient && (fullName(recipient) || recipient.email)) || "" });

export type ProposalEventInput = {
  type: ProposalEventType;
  actor: ProposalActor;
  /** What the event needs besides its type: to whom it was sent, the choices, the message, ... */
  detail?: Record<string, unknown>;
  /**
   * Whether subscribers hear of it, for the types that are webhook events (true by default): a
   * proposal's every view is in its trail, but only the first is `proposal.viewed`.
   */
  webhook?: boolean;
  /** The proposal as webhooks carry it, when the caller has it; else read when some endpoint wants it. */
  proposal?: ProposalDto | (() => Promise<ProposalDto>);
};

/** Records `event` on the proposal in the caller's transaction, and queues its webhook deliveries. */
export async function recordProposalEvent(
  tx: Tx,
  proposal: { id: string; companyId: number },
  { type, actor, detail = {}, webhook = true, proposal: dto }: ProposalEventInput,
): Promise<void> {
  await tx.proposalEvent.create({
    data: {
      proposalId: proposal.id,
      type,
      actorKind: actor.kind,
      actorUserId: "userId" in actor ? actor.userId : null,
      actorName: "name" in actor ? actor.name : "",
      detail: json(detail),
    },
  });
  const webhookType = WEBHOOK_EVENT[type];
  if (!webhook || !webhookType) return;
  await enqueueWebhookEvent(tx, proposal.companyId, webhookType, dto ?? (() => readProposal(tx, proposal.id)));
}
