/**
 * When a proposal's reminder is due (docs/decisions/037): `reminder_days_before` whole days of 24
 * hours before its expiry. The send endpoint checks the moment lies ahead, the sweeper mails it
 * then, and the editor and send dialog show the date; so this module imports nothing server-only.
 */

export const MIN_REMINDER_DAYS = 1;
export const MAX_REMINDER_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment the reminder of a proposal expiring at `expiresAt` is due. */
export const reminderAt = (expiresAt: Date, daysBefore: number) => new Date(expiresAt.getTime() - daysBefore * DAY_MS);

/** The same in UNIX seconds, as the read model gives times. */
export const reminderAtUnix = (expiresAt: number, daysBefore: number) => expiresAt - daysBefore * (DAY_MS / 1000);
