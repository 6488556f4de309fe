import type { MailContent } from "../content";
import { invitationAfter, invitationReason, type InvitationFacts } from "./invitation-parts";
import { PRODUCT_NAME } from "./layout";

export type WorkspaceInvitationFacts = InvitationFacts & { workspaceName: string; role: "admin" | "author" | "learner" };

const ROLE: Record<WorkspaceInvitationFacts["role"], string> = {
  admin: "an admin, who manages its courses, publishing and members",
  author: "an author, who creates, edits and publishes its courses",
  learner: "a learner, who takes its published courses",
};

/** The mail inviting someone to a team workspace (lib/invitations). */
export function workspaceInvitationMail(facts: WorkspaceInvitationFacts): MailContent {
  return {
    subject: `${facts.inviterName} invited you to ${facts.workspaceName} on ${PRODUCT_NAME}`,
    preview: `Join the workspace ${facts.workspaceName} as ${facts.role}.`,
    heading: `Join ${facts.workspaceName}`,
    paragraphs: [
      `${facts.inviterName} (${facts.inviterEmail}) invited you to the workspace "${facts.workspaceName}" on ${PRODUCT_NAME} as ${ROLE[facts.role]}.`,
    ],
    action: { label: "Accept the invitation", url: facts.url },
    after: invitationAfter(facts),
    reason: invitationReason(facts, `the workspace "${facts.workspaceName}"`),
  };
}
