import { z } from "zod";
import { appLink } from "@/lib/mail/app-url";
import { isSignature, purposeSignature, readClaims, signClaims } from "@/lib/security/tokens";
import { isNotificationKind, NOTIFICATION_KINDS, type NotificationKind } from "./kinds";

/**
 * The token of a notification mail's unsubscribe link: which user and which kind, signed with the
 * auth secret for this purpose (lib/security/tokens.ts), so the link needs no table and no sign-in,
 * and cannot be altered to name another user or kind. It does not expire: an old mail's link must
 * keep working (RFC 8058). A new AUTH_SECRET makes older links invalid; the account page still
 * turns mails off.
 */

const PURPOSE = "notification-unsubscribe";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const Claims = z.strictObject({ purpose: z.literal(PURPOSE), user_id: z.string().regex(UUID), kind: z.enum(NOTIFICATION_KINDS) });

export const unsubscribeToken = (userId: string, kind: NotificationKind) => signClaims(PURPOSE, { user_id: userId, kind });

/**
 * A link mailed before the claims were JSON (docs/decisions/053): base64url("user.kind") + "." +
 * the purpose's HMAC over `user NUL kind`. Such links never expire, so they are read for good.
 */
function readFirstFormat(token: string): { userId: string; kind: NotificationKind } | null {
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length) return null;
  const [userId, kind, ...more] = Buffer.from(payload, "base64url").toString("utf8").split(".");
  if (more.length || !UUID.test(userId ?? "") || kind === undefined || !isNotificationKind(kind)) return null;
  if (!isSignature(signed, purposeSignature(PURPOSE, `${userId}\u0000${kind}`))) return null;
  if (Buffer.from(`${userId}.${kind}`).toString("base64url") !== payload) return null;
  return { userId, kind };
}

/** The user and kind a token names, or null for a token that is malformed or not signed by this app. */
export function readUnsubscribeToken(token: string): { userId: string; kind: NotificationKind } | null {
  const claims = readClaims(PURPOSE, token, Claims);
  return claims ? { userId: claims.user_id, kind: claims.kind } : readFirstFormat(token);
}

/**
 * The unsubscribe link of a notification mail, on APP_URL: opened in a browser it is a page with
 * one button; POSTed by a mail client (RFC 8058 one-click) it unsubscribes at once (proxy.ts sends
 * that POST to POST /api/account/notifications/unsubscribe).
 */
export const unsubscribeLink = (userId: string, kind: NotificationKind) =>
  appLink("/unsubscribe", { token: unsubscribeToken(userId, kind) });
