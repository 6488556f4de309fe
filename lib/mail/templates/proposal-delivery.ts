import type { MailContent } from "../content";

export type ProposalDeliveryFacts = {
  /** Another version of a proposal this recipient was sent before ("an updated proposal"). */
  isUpdate: boolean;
  /** The proposal's title as the customer's page shows it (variables filled). */
  title: string;
  version: number;
  companyName: string;
  /** The person who sent it (the From name: "Ann Smith via Coursewright"). */
  senderName: string;
  /** Where a reply goes: the proposal's contact person. */
  replyTo: string;
  /** The recipient's address, said in the reason. */
  to: string;
  recipientName: string;
  /** /p/{uuid} on APP_URL. */
  url: string;
  /** The last day the proposal can be answered, written out in the company's time zone; null without expiry. */
  expiresOn: string | null;
  /** The sender's personal message, as typed (line breaks kept); empty for none. */
  message: string;
};

/** A title fit for a subject and a heading: one line, not endless. */
export const shortTitle = (title: string) => {
  const line = title.replace(/\s+/g, " ").trim() || "Untitled proposal";
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

/**
 * The mail that takes a proposal to its recipient (POST /v3/proposals/{uuid}/send): the link to
 * the proposal's page, the sender's personal message set apart, and how to answer.
 */
export function proposalDeliveryMail(facts: ProposalDeliveryFacts): MailContent {
  const title = shortTitle(facts.title);
  const greeting = facts.recipientName.trim() ? `Hello ${facts.recipientName.trim()},` : "Hello,";
  return {
    subject: facts.isUpdate ? `Updated proposal from ${facts.companyName}: ${title}` : `Proposal from ${facts.companyName}: ${title}`,
    preview: facts.isUpdate ? `${facts.senderName} sent you an updated proposal.` : `${facts.senderName} sent you a proposal.`,
    heading: facts.isUpdate ? `An updated proposal from ${facts.companyName}` : `A proposal from ${facts.companyName}`,
    paragraphs: [
      greeting,
      facts.isUpdate
        ? `${facts.senderName} of ${facts.companyName} sent you an updated proposal, "${title}" (version ${facts.version}). It replaces the version you received before: the earlier link now leads here.`
        : `${facts.senderName} of ${facts.companyName} sent you a proposal, "${title}".`,
    ],
    ...(facts.message.trim() ? { quote: facts.message } : {}),
    action: { label: facts.isUpdate ? "View the updated proposal" : "View the proposal", url: facts.url },
    after: [
      "On its page you can read it, print it, and accept it by typing your name, or decline it. No account is needed.",
      ...(facts.expiresOn ? [`It can be answered until ${facts.expiresOn}.`] : []),
      `Questions? Reply to this mail to reach ${facts.replyTo}.`,
    ],
    reason: `You got this mail because ${facts.senderName} of ${facts.companyName} sent a proposal to ${facts.to}. Keep the link to yourself: whoever has it can answer the proposal.`,
  };
}
