import type { MailContent } from "../content";
import { shortTitle } from "./proposal-delivery";

export type ProposalApprovalFacts = {
  /** requested: to the company's owners; approved / declined: to whoever asked. */
  event: "requested" | "approved" | "declined";
  /** Who asked (requested) or who decided (approved, declined). */
  by: string;
  title: string;
  version: number;
  companyName: string;
  /** The rules the draft breaks, in words. */
  reasons: string[];
  /** The note the request or decision carries, as typed; may be empty. */
  note: string;
  to: string;
  /** The proposal's editor on APP_URL. */
  editorUrl: string;
  unsubscribeUrl: string;
};

/** The mails of an approval round (issue 41): a member asks the owners; an owner's answer goes back. */
export function proposalApprovalMail(facts: ProposalApprovalFacts): MailContent {
  const proposal = `"${shortTitle(facts.title)}" (v${facts.version})`;
  const breaks = facts.reasons.length ? `It needs an owner's approval because it has ${facts.reasons.join(" and ")}.` : "";
  const quote = facts.note.trim() ? (facts.note.length > 2000 ? `${facts.note.slice(0, 1999)}…` : facts.note) : undefined;
  if (facts.event === "requested") {
    return {
      subject: `${facts.by} asks you to approve ${proposal}`,
      heading: "A proposal is waiting for your approval",
      paragraphs: [`${facts.by} asks an owner of ${facts.companyName} to approve ${proposal} before it is sent.`, breaks].filter(Boolean),
      quote,
      action: { label: "Review the proposal", url: facts.editorUrl },
      reason: `You got this mail at ${facts.to} because you are an owner of ${facts.companyName}.`,
      unsubscribe: facts.unsubscribeUrl,
    };
  }
  const approved = facts.event === "approved";
  return {
    subject: `${facts.by} ${approved ? "approved" : "declined"} ${proposal}`,
    heading: approved ? "Your proposal is approved" : "Your proposal was not approved",
    paragraphs: [
      approved
        ? `${facts.by} approved ${proposal}: you can send it now. Editing it again needs a new approval.`
        : `${facts.by} declined to approve ${proposal}. Change it, or ask again with a note.`,
    ],
    quote,
    action: { label: "Open the proposal", url: facts.editorUrl },
    reason: `You got this mail at ${facts.to} because you asked for this approval at ${facts.companyName}.`,
    unsubscribe: facts.unsubscribeUrl,
  };
}
