import { z } from "zod";
import { isMailAddress } from "@/lib/mail/outbox";

/** How many addresses one request may invite. */
export const MAX_INVITATIONS_PER_REQUEST = 50;

/** One address to invite, lower-case; a malformed one is refused naming it. */
export const InviteEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => isMailAddress(value), { error: (issue) => `"${String(issue.input).slice(0, 254)}" is not an email address` });

/** 1 to 50 addresses; the same address twice counts once. */
export const InviteEmails = z
  .array(InviteEmail)
  .min(1, "Name at least one email address")
  .max(MAX_INVITATIONS_PER_REQUEST, `At most ${MAX_INVITATIONS_PER_REQUEST} addresses at a time`)
  .describe(`1 to ${MAX_INVITATIONS_PER_REQUEST} email addresses; the same address twice counts once`);

/** What an invitation is now: `pending` until used, withdrawn or past its expiry. */
export type InvitationStatus = "pending" | "expired" | "accepted" | "revoked";

/** What became of the invitation's latest mail (the outbox row of its current link); null when none was written. */
export const InvitationDelivery = z
  .enum(["queued", "retrying", "sent", "failed", "logged"])
  .nullable()
  .describe(
    "The latest mail: queued (not tried yet), retrying (a try failed; tried again later), sent, failed (given up: check the " +
      "address and resend), or logged (no mail server is configured: the server log printed the link)",
  );
export type InvitationDelivery = z.infer<typeof InvitationDelivery>;
