/** A proposal's audit events (./record-event.ts), importable by the client as well as the server. */
export const PROPOSAL_EVENT_TYPES = [
  "created",
  "sent",
  "viewed",
  "choices_changed",
  "accepted",
  "rejected",
  "withdrawn",
  "expired",
  "changes_requested",
  "reminder_sent",
] as const;

export type ProposalEventType = (typeof PROPOSAL_EVENT_TYPES)[number];
