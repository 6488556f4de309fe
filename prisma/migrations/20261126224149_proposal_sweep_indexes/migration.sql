-- hand-written
-- What the proposal sweeper (lib/proposals/expiry) looks for every minute, indexed to exactly that
-- set, so it stays a small range however many long-expired proposals pile up (docs/decisions/037).
-- Active proposals whose expiry is still to be announced:
CREATE INDEX "proposals_expiry_due_idx" ON "proposals" ("expires_at")
WHERE "status" = 'active' AND "expires_at" IS NOT NULL AND "expired_notified_at" IS NULL;
-- Active proposals with a reminder still to be mailed:
CREATE INDEX "proposals_reminder_due_idx" ON "proposals" ("expires_at")
WHERE "status" = 'active' AND "reminder_days_before" IS NOT NULL AND "reminder_sent_at" IS NULL;
