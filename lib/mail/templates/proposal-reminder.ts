import type { MailContent } from "../content";
import { shortTitle } from "./proposal-delivery";

export type ProposalReminderFacts = {
  /** The proposal's title as the customer's page shows it (variables filled). */
  title: string;
  companyName: string;
  /** The contact person the customer's page names: the From name ("Ann Smith via Coursewright"). */
  senderName: string;
  /** Where a reply goes: that contact person while they are a member of the company; else null (no Reply-To). */
  replyTo: string | null;
  /** The recipient's address, said in the reason. */
  to: string;
  recipientName: string;
  /** /p/{uuid} on APP_URL. */
  url: string;
  /** The last day the proposal can be answered, written out in the company's time zone. */
  expiresOn: string;
};

/**
 * The one reminder a sent proposal's recipient gets before its expiry, when the sender asked for
 * it and the customer has not answered (docs/decisions/037): the same link, and until when.
 */
export function proposalReminderMail(facts: ProposalReminderFacts): MailContent {
  const title = shortTitle(facts.title);
  const greeting = facts.recipientName.trim() ? `Hello ${facts.recipientName.trim()},` : "Hello,";
  return {
    subject: `Reminder: "${title}" from ${facts.companyName} can be answered until ${facts.expiresOn}`,
    preview: `The proposal from ${facts.companyName} expires on ${facts.expiresOn}.`,
    heading: `A reminder from ${facts.companyName}`,
    paragraphs: [
      greeting,
      `${facts.senderName} of ${facts.companyName} sent you a proposal, "${title}". It can be answered until ${facts.expiresOn}; after that the link no longer takes an answer.`,
    ],
    action: { label: "View the proposal", url: facts.url },
    after: [
      "On its page you can accept it by typing your name, decline it, or ask for changes. No account is needed.",
      ...(facts.replyTo ? [`Questions? Reply to this mail to reach ${facts.replyTo}.`] : []),
    ],
    reason: `You got this mail because ${facts.senderName} of ${facts.companyName} sent a proposal to ${facts.to} and asked us to remind you once before it expires. Keep the link to yourself: whoever has it can answer the proposal.`,
  };
}
