import { defineEndpoint } from "@/lib/api/endpoint";
import { AppError } from "@/lib/api/errors";
import { write } from "@/lib/db/transaction";
import { NOTIFICATION_KINDS } from "./kinds";
import { NotificationSettings, NotificationSettingsUpdate, UnsubscribeQuery, UnsubscribeResult } from "./schemas";
import { getNotificationSettings, optOut, updateNotificationSettings } from "./settings";
import { readUnsubscribeToken } from "./unsubscribe-token";

/*
 * The caller's notification mails (docs/decisions/033): the app's own endpoints, for the account
 * page, and the one-click unsubscribe that a notification mail's List-Unsubscribe header names.
 */

const tag = "Account";

export const getNotificationSettingsEndpoint = defineEndpoint({
  operationId: "get_notification_settings",
  method: "GET",
  path: "/account/notifications",
  tag,
  summary: "Which notification mails you get",
  description: `One boolean per kind (${NOTIFICATION_KINDS.join(", ")}): true while you get that mail. Your own settings, whoever asks.`,
  response: NotificationSettings,
  status: 200,
  run: ({ db, caller }) => getNotificationSettings(db, caller.userId),
});

export const updateNotificationSettingsEndpoint = defineEndpoint({
  operationId: "update_notification_settings",
  method: "PUT",
  path: "/account/notifications",
  tag,
  summary: "Turn notification mails on or off",
  description: "Sets the kinds the body names (false: no more of those mails); the others stay. Answers all of your settings.",
  body: NotificationSettingsUpdate,
  response: NotificationSettings,
  status: 200,
  run: (ctx) => write(ctx, (tx) => updateNotificationSettings(tx, ctx.caller.userId, ctx.body), { target: () => ctx.caller.userId }),
});

export const unsubscribeEndpoint = defineEndpoint({
  operationId: "unsubscribe_notification",
  method: "POST",
  path: "/account/notifications/unsubscribe",
  tag,
  summary: "Unsubscribe from one kind of notification mail (one click)",
  description:
    "The unsubscribe link of a notification mail, RFC 8058 one-click: no sign-in, the signed token in the query names the " +
    "user and the kind. A mail client POSTs `List-Unsubscribe=One-Click` to the link (the body is not read); the link's " +
    "page (/unsubscribe?token=...) posts here when its button is pressed. Again is the same answer. A token that is " +
    "malformed or altered is 400.",
  isPublic: true,
  query: UnsubscribeQuery,
  response: UnsubscribeResult,
  status: 200,
  run: async ({ db, query }) => {
    const named = readUnsubscribeToken(query.token);
    if (!named) {
      throw new AppError(
        "validation_error",
        "This unsubscribe link is not valid: it was cut short or changed. Turn notification mails off on your account page instead.",
        { issues: [{ path: "token", message: "Not a valid unsubscribe token" }] },
      );
    }
    await optOut(db, named.userId, named.kind);
    return { kind: named.kind, unsubscribed: true as const };
  },
});
