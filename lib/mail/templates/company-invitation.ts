import type { MailContent } from "../content";
import { invitationAfter, invitationReason, type InvitationFacts } from "./invitation-parts";
import { PRODUCT_NAME } from "./layout";

export type CompanyInvitationFacts = InvitationFacts & { companyName: string; role: "owner" | "member" };

const ROLE: Record<CompanyInvitationFacts["role"], string> = {
  owner: "an owner, who builds and sends proposals and manages the company's members",
  member: "a member, who builds and sends the company's proposals",
};

/** The mail inviting someone to a company's proposals (lib/invitations). */
export function companyInvitationMail(facts: CompanyInvitationFacts): MailContent {
  return {
    subject: `${facts.inviterName} invited you to ${facts.companyName} on ${PRODUCT_NAME}`,
    preview: `Join ${facts.companyName}'s proposals as ${facts.role}.`,
    heading: `Join ${facts.companyName}`,
    paragraphs: [
      `${facts.inviterName} (${facts.inviterEmail}) invited you to the company "${facts.companyName}" on ${PRODUCT_NAME} as ${ROLE[facts.role]}.`,
    ],
    action: { label: "Accept the invitation", url: facts.url },
    after: invitationAfter(facts),
    reason: invitationReason(facts, `the company "${facts.companyName}"`),
  };
}
