import type { MailContent } from "../content";
import { invitationAfter, invitationReason, type InvitationFacts } from "./invitation-parts";
import { PRODUCT_NAME } from "./layout";

const seatsOf = (seats: number) => `${seats} seat${seats === 1 ? "" : "s"}`;

export type EnrolmentReadyFacts = {
  to: string;
  courseTitle: string;
  providerName: string;
  seats: number;
  /** The buyer's page of the enrolment on APP_URL. */
  url: string;
};

/**
 * The mail to the person who accepted a proposal selling a course (issue 43): the seats are theirs
 * to hand out, on the buyer's page. They manage the seats as the account with this address.
 */
export function enrolmentReadyMail(facts: EnrolmentReadyFacts): MailContent {
  return {
    subject: `Your ${seatsOf(facts.seats)} of "${facts.courseTitle}" are ready`,
    preview: `Invite your learners to "${facts.courseTitle}" from ${facts.providerName}.`,
    heading: `${seatsOf(facts.seats)} of "${facts.courseTitle}"`,
    paragraphs: [
      `You accepted a proposal from ${facts.providerName} that includes ${seatsOf(facts.seats)} of the course "${facts.courseTitle}".`,
      "Invite your learners by email on the enrolment's page, follow who has started and finished, and download their progress. " +
        "Colleagues you add as managers can do the same.",
    ],
    action: { label: "Invite your learners", url: facts.url },
    after: [
      `Sign in with this address (${facts.to}), or create an account with it: the page opens for the account whose verified address this is.`,
    ],
    reason: `You got this mail because ${facts.to} accepted a proposal from ${facts.providerName} on ${PRODUCT_NAME}.`,
  };
}

export type CourseInvitationFacts = InvitationFacts & { courseTitle: string; providerName: string };

/** The mail inviting a learner to the one course of their seat (lib/invitations, target `enrolment`). */
export function courseInvitationMail(facts: CourseInvitationFacts): MailContent {
  return {
    subject: `${facts.inviterName} invited you to the course "${facts.courseTitle}"`,
    preview: `A seat of "${facts.courseTitle}" from ${facts.providerName} is yours.`,
    heading: `Take "${facts.courseTitle}"`,
    paragraphs: [
      `${facts.inviterName} (${facts.inviterEmail}) gave you a seat of the course "${facts.courseTitle}" by ${facts.providerName} on ${PRODUCT_NAME}.`,
      "Complete every lesson and pass its quizzes to earn a certificate.",
    ],
    action: { label: "Start the course", url: facts.url },
    after: invitationAfter(facts),
    reason: invitationReason(facts, `the course "${facts.courseTitle}"`),
  };
}
