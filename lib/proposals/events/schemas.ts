import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { PROPOSAL_EVENT_TYPES } from "./event-types";

export const ProposalEventDto = z.object({
  type: z.enum(PROPOSAL_EVENT_TYPES),
  created_at: UnixTime,
  actor: z.object({
    kind: z.enum(["member", "recipient", "system", "agent"]),
    name: z
      .string()
      .describe("The member's name or the key's name as it was then, the recipient's signed or known name; empty for the system"),
  }),
  detail: z
    .record(z.string(), z.unknown())
    .describe(
      "What the event needs besides its type. sent: {to, recipient_name, expires_at, reminder_days_before?}; created: {version, from_version?}; " +
        "choices_changed: {blocks: [{uuid, title, selected?: {from, to}, quantity?: {from, to}}], value_without_tax, value_with_tax} " +
        "(the customer's choices and the totals after them); changes_requested: {message, name}; reminder_sent: {to}; " +
        "expired: {expires_at}. Empty for the others.",
    ),
});
export type ProposalEventDto = z.infer<typeof ProposalEventDto>;

export const ProposalEventsData = z.object({ data: z.array(ProposalEventDto) });
