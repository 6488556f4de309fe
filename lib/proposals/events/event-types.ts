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
  "approval_requested",
  "approved",
  "approval_declined",
] as const;

export type ProposalEventType = (typeof PROPOSAL_EVENT_TYPES)[number];

/** The company's own business (an approval round on the draft): never on the customer's page, its PDF or an acceptance record. */
export const INTERNAL_EVENT_TYPES: readonly ProposalEventType[] = ["approval_requested", "approved", "approval_declined"];
