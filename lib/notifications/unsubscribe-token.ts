import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { appLink } from "@/lib/mail/app-url";
import { isNotificationKind, type NotificationKind } from "./kinds";

/**
 * The token of a notification mail's unsubscribe link: which user and which kind, signed with the
 * auth secret (HMAC-SHA256), so the link needs no table and no sign-in, and cannot be altered to
 * name another user or kind. It does not expire: an old mail's link must keep working (RFC 8058).
 * A new AUTH_SECRET makes older links invalid; the account page still turns mails off.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(userId: string, kind: NotificationKind): Buffer {
  return createHmac("sha256", authSecret()).update(`notification-unsubscribe\u0000${userId}\u0000${kind}`).digest();
}

export function unsubscribeToken(userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}.${kind}`).toString("base64url");
  return `${payload}.${signature(userId, kind).toString("base64url")}`;
}

/** The user and kind a token names, or null for a token that is malformed or not signed by this app. */
export function readUnsubscribeToken(token: string): { userId: string; kind: NotificationKind } | null {
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length) return null;
  const [userId, kind, ...more] = Buffer.from(payload, "base64url").toString("utf8").split(".");
  if (more.length || !UUID.test(userId ?? "") || !isNotificationKind(kind ?? "")) return null;
  const expected = signature(userId, kind as NotificationKind);
  const given = Buffer.from(signed, "base64url");
  // base64url decoding skips characters it does not know: the token must be exactly what we wrote.
  if (given.length !== expected.length || given.toString("base64url") !== signed || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(`${userId}.${kind}`).toString("base64url") !== payload) return null;
  return { userId, kind: kind as NotificationKind };
}

/**
 * The unsubscribe link of a notification mail, on APP_URL: opened in a browser it is a page with
 * one button; POSTed by a mail client (RFC 8058 one-click) it unsubscribes at once (proxy.ts sends
 * that POST to POST /api/account/notifications/unsubscribe).
 */
export const unsubscribeLink = (userId: string, kind: NotificationKind) =>
  appLink("/unsubscribe", { token: unsubscribeToken(userId, kind) });
