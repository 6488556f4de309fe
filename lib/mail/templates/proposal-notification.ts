import { statusWord } from "@/lib/proposals/proposals/status-labels";
import type { MailContent } from "../content";
import { shortTitle } from "./proposal-delivery";

export type ProposalEvent =
  | { kind: "proposal_viewed" }
  | { kind: "proposal_accepted"; signerName: string }
  | { kind: "proposal_rejected" }
  /** The customer asked for changes: their message as typed, and the name they gave (may be empty). */
  | { kind: "proposal_changes_requested"; message: string; requesterName: string }
  /** The expiry passed without an answer; `expiredOn` as the company reads the date. */
  | { kind: "proposal_expired"; expiredOn: string };

export type ProposalNotificationFacts = {
  event: ProposalEvent;
  title: string;
  version: number;
  companyName: string;
  /** The recipient as the proposal names them; empty for a proposal sent as a link only. */
  customerName: string;
  /** The person told, and why: the proposal's creator, its contact person, or both. */
  to: string;
  roles: ("creator" | "contact")[];
  /** The proposal's editor on APP_URL. */
  editorUrl: string;
  /** The one-click unsubscribe link of this kind for this person. */
  unsubscribeUrl: string;
};

const ROLE_WORDS = { creator: "created", contact: "are the contact person of" } as const;

/**
 * The mails telling sales staff what happened to a proposal: the customer first opened it,
 * accepted, declined or asked for changes; or it expired unanswered.
 */
export function proposalNotificationMail(facts: ProposalNotificationFacts): MailContent {
  const title = shortTitle(facts.title);
  const event = facts.event;
  const who = (event.kind === "proposal_changes_requested" && event.requesterName.trim()) || facts.customerName.trim() || "Your customer";
  const proposal = `"${title}" (v${facts.version})`;
  // The statuses in the words the sender's screens use (docs/decisions/042): "declined", never "rejected".
  const [accepted, declined, expired] = [statusWord("accepted"), statusWord("rejected"), statusWord("expired")];
  const what: Record<ProposalEvent["kind"], { subject: string; heading: string; line: string }> = {
    proposal_viewed: {
      subject: `${who} opened ${proposal}`,
      heading: `${who} opened your proposal`,
      line: `${who} opened ${proposal} for the first time.`,
    },
    proposal_accepted: {
      subject: `${who} ${accepted} ${proposal}`,
      heading: `${who} ${accepted} your proposal`,
      line: `${who} ${accepted} ${proposal}, signing as "${facts.event.kind === "proposal_accepted" ? facts.event.signerName : ""}".`,
    },
    proposal_rejected: {
      subject: `${who} ${declined} ${proposal}`,
      heading: `${who} ${declined} your proposal`,
      line: `${who} ${declined} ${proposal}. You can make a new version and send it again.`,
    },
    proposal_changes_requested: {
      subject: `${who} asked for changes to ${proposal}`,
      heading: `${who} asked for changes`,
      line: `${who} asked for changes to ${proposal}. Their message is below; the proposal stays open, and "New version" in the editor starts the changed one.`,
    },
    proposal_expired: {
      subject: `${proposal} ${expired} without an answer`,
      heading: `Your proposal ${expired}`,
      line: `${proposal}${facts.customerName.trim() ? ` for ${facts.customerName.trim()}` : ""} ${expired} on ${event.kind === "proposal_expired" ? event.expiredOn : "its expiry date"} without an answer. Its link no longer takes one; make a new version to send it again.`,
    },
  };
  const { subject, heading, line } = what[event.kind];
  const roles = facts.roles.map((role) => ROLE_WORDS[role]).join(" and ");
  return {
    subject,
    heading,
    paragraphs: [line],
    ...(event.kind === "proposal_changes_requested" ? { quote: event.message } : {}),
    action: { label: "Open the proposal", url: facts.editorUrl },
    reason: `You got this mail at ${facts.to} because you ${roles} this proposal of ${facts.companyName}.`,
    unsubscribe: facts.unsubscribeUrl,
  };
}
