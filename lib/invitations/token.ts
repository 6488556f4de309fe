import { z } from "zod";
import { RANDOM_TOKEN_PATTERN } from "@/lib/security/token-format";
import { hashToken, randomToken } from "@/lib/security/tokens";

/**
 * An invitation's link carries a random token (lib/security/tokens.ts). Only its SHA-256 is
 * stored, so the table alone opens no invitation.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomToken();
  return { token, tokenHash: hashToken(token) };
}

/** What the invitations table keeps of a token. */
export const hashInvitationToken = hashToken;

/** A token as it arrives in a path: anything else names no invitation (404). */
export const InvitationToken = z.string().regex(RANDOM_TOKEN_PATTERN, "Not an invitation token");

/** How long an invitation's link is valid, from when it was last sent. */
export const INVITATION_VALID_DAYS = 7;

export const invitationExpiry = (from = new Date()) => new Date(from.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
