import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { isSignedFor, readClaims, signClaims } from "@/lib/security/tokens";
import { EXPORT_FORMATS, type ExportOptions } from "./schemas";

/**
 * The token of an export link (docs/decisions/046-export-links.md): which course, for which user,
 * in which form, until when, signed with the auth secret under its own purpose (lib/security/tokens.ts),
 * so a link needs no table, cannot be altered to name another course, user or form, and is never
 * taken for another kind of signed token. It is the credential of GET /exports/{token}: whoever
 * holds it may download that one export, as often as they like, until it expires.
 */

const PURPOSE = "course-export";

/** How long a link lasts: long enough for an agent to hand it to a person or an LMS, short enough not to matter once leaked. */
export const EXPORT_LINK_TTL_SECONDS = 15 * 60;

const Claims = z.strictObject({
  purpose: z.literal(PURPOSE),
  course_id: z.uuid(),
  user_id: z.uuid(),
  options: z.strictObject({
    format: z.enum(EXPORT_FORMATS),
    include_drafts: z.boolean(),
    completion: z.enum(["viewed", "quiz"]),
    // Omitted: the final quiz's own pass mark when the package is made. Links signed before that carried 80.
    passing_score: z.number().int().min(0).max(100).optional(),
    // Links signed before the option existed read as false.
    image_links: z.boolean().default(false),
  }),
  /** Seconds since the epoch. */
  exp: z.number().int(),
});
export type ExportLinkClaims = z.infer<typeof Claims>;

/** Signs the claims as they are given: tests sign a past `exp` to see an expired link refused. */
export function signExportToken(claims: Omit<ExportLinkClaims, "purpose"> & { purpose?: string }): string {
  return signClaims(PURPOSE, claims);
}

export function exportTokenFor(courseId: string, userId: string, options: ExportOptions, now = Date.now()) {
  const exp = Math.floor(now / 1000) + EXPORT_LINK_TTL_SECONDS;
  return { token: signExportToken({ course_id: courseId, user_id: userId, options, exp }), expiresAt: new Date(exp * 1000) };
}

const invalid = () => new AppError("not_found", "Export link not found: it is not one this app made, or it was altered");

/** Whether this app signed the token (for any claims, expired or not): a link of ours, whatever host it came by. */
export const isSignedHere = (token: string) => isSignedFor(PURPOSE, token);

/**
 * The claims of a token this app signed for a course export and that has not expired. Anything
 * else is 404 (the closed set of codes has no 410; a link that no longer works names nothing),
 * with a message that tells an expired link from a wrong one.
 */
export function readExportToken(token: string, now = Date.now()): ExportLinkClaims {
  const claims = readClaims(PURPOSE, token, Claims);
  if (!claims) throw invalid();
  if (claims.exp * 1000 <= now) {
    throw new AppError("not_found", "This export link has expired (links last 15 minutes): ask for a new one with export_course");
  }
  return claims;
}
