import { INVITATION_VALID_DAYS } from "@/lib/invitations/token";
import { PRODUCT_NAME } from "./layout";

/** What both invitation mails say the same way: who invites, how long the link holds, why this mail came. */
export type InvitationFacts = {
  /** The invited address. */
  to: string;
  inviterName: string;
  inviterEmail: string;
  /** The link to /invite/{token}, on APP_URL. */
  url: string;
  expiresAt: Date;
};

const utc = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/** "3 December 2026 at 19:22 UTC": one reading for every reader, wherever they are. */
export const formatUtc = (date: Date) => `${utc.format(date)} UTC`;

export const invitationAfter = (facts: InvitationFacts) => [
  `The link is valid for ${INVITATION_VALID_DAYS} days, until ${formatUtc(facts.expiresAt)}. After that, ask ${facts.inviterName} to send a new one.`,
  `No account yet? Open the link and create one with this address (${facts.to}); if you have one, sign in with it.`,
];

export const invitationReason = (facts: InvitationFacts, what: string) =>
  `You got this mail because ${facts.inviterName} (${facts.inviterEmail}) invited ${facts.to} to ${what} on ${PRODUCT_NAME}. ` +
  "If you did not expect it, ignore it: nothing happens unless you open the link.";
