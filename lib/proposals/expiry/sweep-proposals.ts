import { getDb, type Db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { markEach } from "@/lib/jobs/mark-each";
import type { Schedule } from "@/lib/jobs/schedule";
import { appLink } from "@/lib/mail/app-url";
import { enqueueMail, isMailAddress } from "@/lib/mail/outbox";
import { proposalReminderMail } from "@/lib/mail/templates/proposal-reminder";
import { recordProposalEvent } from "../events/record-event";
import { activeMemberByEmail } from "../proposals/people";
import { findProposalRow, proposalUrl, toProposalDto, type ProposalRow } from "../proposals/read-model";
import { notifyStaff } from "../public/notify-staff";
import { formatDay } from "../public/presentation";

/*
 * The proposal sweeper (docs/decisions/037): what happens to a sent proposal with time alone.
 *
 * - A reminder is due `reminder_days_before` days before `expires_at`: the recipient is mailed
 *   once (`reminder_sent` in the trail), unless the proposal is no longer active (answered,
 *   withdrawn, replaced), has expired, or its customer asked for changes.
 * - An expiry has passed: the proposal already reads `expired` (statusOf); the sweeper records the
 *   `expired` event once (which queues the `proposal.expired` webhook) and mails its creator and
 *   contact person (notifyStaff, with their preferences).
 *
 * Each proposal is claimed once by marking it (reminder_sent_at, expired_notified_at) in the
 * transaction that writes its event and mail: lib/jobs/mark-each.ts, which says what that holds.
 *
 * The job worker runs the sweep every PROPOSAL_SWEEP_MS (`proposalSweep`, lib/jobs/kinds.ts).
 */

/** At most this many of each per sweep; the rest wait for the next tick. */
const MAX_PER_SWEEP = 500;

export type SweepResult = { reminded: number; expired: number };

/** The proposal, read in the claim's transaction, handed to `handle` (a row gone since is nothing to do). */
const onRow = (handle: (tx: Tx, row: ProposalRow) => Promise<void>) => async (tx: Tx, id: string) => {
  const row = await findProposalRow(tx, id);
  if (row) await handle(tx, row);
};

/** Claims and handles every due proposal as of `now` (tests pass a later one: the clock is the caller's). */
export async function sweepProposals(db?: Db, now = new Date()): Promise<SweepResult> {
  const conn = db ?? (await getDb());
  // Reminders first: one whose moment passed along with the expiry (the server was down) is no longer sent.
  const reminded = await markEach(
    conn,
    {
      what: "proposal reminder sweep",
      table: "proposals",
      marker: "reminder_sent_at",
      due: Prisma.sql`q.status = 'active' AND q.reminder_days_before IS NOT NULL
        AND q.expires_at > ${now}
        AND q.expires_at - make_interval(secs => q.reminder_days_before * 86400.0) <= ${now}
        AND NOT EXISTS (SELECT 1 FROM proposal_change_requests c WHERE c.proposal_id = q.id)`,
      order: Prisma.sql`q.expires_at`,
      maxPerRun: MAX_PER_SWEEP,
      handle: onRow(remindRecipient),
    },
    now,
  );
  const expired = await markEach(
    conn,
    {
      what: "proposal expiry sweep",
      table: "proposals",
      marker: "expired_notified_at",
      due: Prisma.sql`q.status = 'active' AND q.expires_at IS NOT NULL AND q.expires_at <= ${now}`,
      order: Prisma.sql`q.expires_at`,
      maxPerRun: MAX_PER_SWEEP,
      handle: onRow((tx, row) => announceExpiry(tx, row, now)),
    },
    now,
  );
  return { reminded, expired };
}

/** The sweep as the job worker's schedule: instances sharing a database sweep in turn, once per PROPOSAL_SWEEP_MS; 0 leaves an instance out. */
export const proposalSweep: Schedule = {
  name: "proposal-sweep",
  everyMs: () => env("PROPOSAL_SWEEP_MS"),
  run: () => sweepProposals(),
};

/** The reminder key: one per proposal, ever. */
export const reminderKey = (uuid: string) => `proposal:${uuid}:reminder`;

/**
 * Mails the recipient the reminder, from the contact person's name, Reply-To them while they are
 * an active member of the company. A recipient whose address was removed or broken since the
 * send gets nothing: the claim stands, there is nothing to record.
 */
async function remindRecipient(tx: Tx, row: ProposalRow) {
  const to = row.recipient?.email.trim() ?? "";
  if (!isMailAddress(to)) return;
  const dto = toProposalDto(row);
  const contactPerson = await activeMemberByEmail(tx, row.companyId, dto.contact_email);
  const replyTo = contactPerson && isMailAddress(contactPerson.email) ? contactPerson.email : undefined;
  const written = await enqueueMail(tx, {
    kind: "proposal_reminder",
    to,
    senderName: dto.contact_name,
    replyTo,
    dedupeKey: reminderKey(row.id),
    content: proposalReminderMail({
      title: dto.title,
      companyName: dto.company_name,
      senderName: dto.contact_name,
      replyTo: replyTo ?? null,
      to,
      recipientName: dto.recipient_name,
      url: appLink(proposalUrl(row.id)),
      expiresOn: formatDay(dto.expires_at!, dto.company_timezone),
    }),
  });
  if (written !== null) await recordProposalEvent(tx, row, { type: "reminder_sent", actor: { kind: "system" }, detail: { to } });
}

/** The expiry's event (and its webhook, the proposal as read at `now`) and the staff's mail. */
async function announceExpiry(tx: Tx, row: ProposalRow, now: Date) {
  const dto = toProposalDto(row, now);
  await recordProposalEvent(tx, row, {
    type: "expired",
    actor: { kind: "system" },
    detail: { expires_at: dto.expires_at },
    proposal: dto,
  });
  await notifyStaff(tx, row, { kind: "proposal_expired", expiredOn: formatDay(dto.expires_at!, dto.company_timezone) });
}
