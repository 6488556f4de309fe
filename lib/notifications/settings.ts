import type { Tx } from "@/lib/db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "./kinds";
import type { NotificationSettings, NotificationSettingsUpdate } from "./schemas";

/**
 * Which notification mails a user gets: all of them, except the kinds they turned off (a row in
 * notification_opt_outs each), on the account page or with a mail's unsubscribe link.
 */
export async function getNotificationSettings(tx: Tx, userId: string): Promise<NotificationSettings> {
  const rows = await tx.notificationOptOut.findMany({ where: { userId }, select: { kind: true } });
  const off = new Set(rows.map((row) => row.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as NotificationSettings;
}

export async function updateNotificationSettings(
  tx: Tx,
  userId: string,
  change: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  for (const kind of NOTIFICATION_KINDS) {
    if (change[kind] === true) await tx.notificationOptOut.deleteMany({ where: { userId, kind } });
    if (change[kind] === false) await optOut(tx, userId, kind);
  }
  return getNotificationSettings(tx, userId);
}

/** Turns one kind off; again is nothing, and a user deleted since the mail was sent is nothing either. */
export async function optOut(tx: Tx, userId: string, kind: NotificationKind): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO notification_opt_outs (user_id, kind)
    SELECT id, ${kind} FROM users WHERE id = ${userId}::uuid
    ON CONFLICT DO NOTHING`;
}

/** Of these users, the ones who turned `kind` off. */
export async function optedOut(tx: Tx, userIds: string[], kind: NotificationKind): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await tx.notificationOptOut.findMany({ where: { userId: { in: userIds }, kind }, select: { userId: true } });
  return new Set(rows.map((row) => row.userId));
}
