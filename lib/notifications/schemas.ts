import { z } from "zod";
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS } from "./kinds";

/** One boolean per notification kind: true while the user gets that mail. */
const perKind = <T extends z.ZodType>(field: (description: string) => T) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, field(`Mail me ${NOTIFICATION_LABELS[kind].when}`)])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    T
  >;

export const NotificationSettings = z
  .object(perKind((description) => z.boolean().describe(description)))
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsUpdate = z
  .object(perKind((description) => z.boolean().optional().describe(`${description}; omitted: unchanged`)))
  .refine((change) => NOTIFICATION_KINDS.some((kind) => change[kind] !== undefined), {
    message: `Send at least one of ${NOTIFICATION_KINDS.join(", ")}`,
  })
  .meta({ id: "NotificationSettingsUpdate" });
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;

export const UnsubscribeQuery = z.object({
  token: z.string().min(1).max(500).describe("The token of a notification mail's unsubscribe link"),
});

export const UnsubscribeResult = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), unsubscribed: z.literal(true) })
  .meta({ id: "UnsubscribeResult" });
