/**
 * The mails the app sends its users about their proposals and their courses' review, each of which a user may turn off on
 * the account page or with the mail's one-click unsubscribe link (docs/decisions/033). Imports
 * nothing server-only: the account page lists them from here.
 */
export const NOTIFICATION_KINDS = [
  "proposal_viewed",
  "proposal_accepted",
  "proposal_rejected",
  "proposal_changes_requested",
  "proposal_expired",
  "comment_mention",
  "proposal_approval",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** What each kind is about, in the words of the account page and the unsubscribe page. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; when: string }> = {
  proposal_viewed: { title: "Proposal opened", when: "when a customer opens one of your proposals for the first time" },
  proposal_accepted: { title: "Proposal accepted", when: "when a customer accepts one of your proposals" },
  proposal_rejected: { title: "Proposal declined", when: "when a customer declines one of your proposals" },
  proposal_changes_requested: { title: "Changes requested", when: "when a customer asks for changes to one of your proposals" },
  proposal_expired: { title: "Proposal expired", when: "when one of your proposals expires without an answer" },
  comment_mention: { title: "Mentioned in a comment", when: "when someone mentions you in a comment on a course" },
  proposal_approval: {
    title: "Proposal approvals",
    when: "when a colleague asks you, as an owner, to approve a proposal, or an owner answers your request",
  },
};
