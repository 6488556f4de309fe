import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * An invitation's link carries a token: 32 random bytes, base64url (43 characters). Only its
 * SHA-256 is stored, so the table alone opens no invitation.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A token as it arrives in a path: anything else names no invitation (404). */
export const InvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Not an invitation token");

/** How long an invitation's link is valid, from when it was last sent. */
export const INVITATION_VALID_DAYS = 7;

export const invitationExpiry = (from = new Date()) => new Date(from.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);
