import type { ReadStatus } from "./status-rules";

/**
 * How a proposal's status reads to people, in one vocabulary on every screen and in every mail
 * (docs/decisions/042): the list's tabs and badges, the editor, its version timeline, the
 * customer's page and the mails. The API keeps its own words (`active`, `rejected`); only what
 * people read says "sent" and "declined". Imports nothing server-only, like ./status-rules.ts.
 */
const STATUSES: Record<ReadStatus, { label: string; description: string }> = {
  draft: { label: "Draft", description: "Being written: only your company sees it." },
  template: { label: "Template", description: "A starting point for new proposals; it is never sent." },
  active: { label: "Sent", description: "Sent to the customer, who can accept or decline it." },
  accepted: { label: "Accepted", description: "The customer accepted it, or it was marked accepted for them." },
  rejected: { label: "Declined", description: "The customer declined it, or it was marked declined for them." },
  replaced: { label: "Replaced", description: "A newer version was sent in its place." },
  expired: { label: "Expired", description: "Sent, but its expiry date passed before the customer answered." },
  withdrawn: { label: "Withdrawn", description: "Withdrawn by your company: the customer can no longer accept it." },
};

/** The status as a badge or a tab names it: "Sent", "Declined". */
export const statusLabel = (status: ReadStatus) => STATUSES[status].label;

/** The status inside a sentence: "This proposal was declined on …", "sent, then replaced". */
export const statusWord = (status: ReadStatus) => STATUSES[status].label.toLowerCase();

/** What the status means, for a badge's tooltip. */
export const statusDescription = (status: ReadStatus) => STATUSES[status].description;
