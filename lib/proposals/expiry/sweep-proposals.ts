import { getDb, type Db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
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
 * Each proposal is claimed by one UPDATE of its marker (reminder_sent_at, expired_notified_at)
 * whose subquery locks it FOR UPDATE SKIP LOCKED, in the transaction that writes its event and
 * mail: two instances sweeping at once never take the same proposal, a crash before the commit
 * leaves the proposal for the next sweep, and after it nothing is left to do. One proposal per
 * transaction: one that fails (logged) does not hold back the others, and is skipped for the
 * rest of that sweep.
 *
 * The job worker runs the sweep every PROPOSAL_SWEEP_MS (`proposalSweep`, lib/jobs/kinds.ts).
 */

/** At most this many of each per sweep; the rest wait for the next tick. */
const MAX_PER_SWEEP = 500;

const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

export type SweepResult = { reminded: number; expired: number };

/** Claims and handles every due proposal as of `now` (tests pass a later one: the clock is the caller's). */
export async function sweepProposals(db?: Db, now = new Date()): Promise<SweepResult> {
  const conn = db ?? (await getDb());
  // Reminders first: one whose moment passed along with the expiry (the server was down) is no longer sent.
  const reminded = await each(
    conn,
    "reminder",
    (tx, skip) => claimDueReminder(tx, now, skip),
    (tx, row) => remindRecipient(tx, row),
  );
  const expired = await each(
    conn,
    "expiry",
    (tx, skip) => claimDueExpiry(tx, now, skip),
    (tx, row) => announceExpiry(tx, row, now),
  );
  return { reminded, expired };
}

/** The sweep as the job worker's schedule: instances sharing a database sweep in turn, once per PROPOSAL_SWEEP_MS; 0 leaves an instance out. */
export const proposalSweep: Schedule = {
  name: "proposal-sweep",
  everyMs: () => env("PROPOSAL_SWEEP_MS"),
  run: () => sweepProposals(),
};

/** Claims one due proposal at a time, each in its own transaction with what it causes. */
async function each(
  db: Db,
  what: string,
  claim: (tx: Tx, skip: string[]) => Promise<string | null>,
  handle: (tx: Tx, row: ProposalRow) => Promise<void>,
): Promise<number> {
  const skip: string[] = [];
  let done = 0;
  while (done + skip.length < MAX_PER_SWEEP) {
    let claimed: string | null = null;
    try {
      claimed = await db.$transaction(async (tx) => {
        const id = await claim(tx, skip);
        if (id === null) return null;
        const row = await findProposalRow(tx, id);
        if (row) await handle(tx, row);
        return id;
      }, TX_OPTIONS);
    } catch (error) {
      // The claim rolled back with the rest; the proposal waits for the next sweep.
      const id = (error as { proposalId?: string }).proposalId;
      console.error(`[proposals] ${what} sweep:`, (error as Error).message);
      if (!id) throw error;
      skip.push(id);
      continue;
    }
    if (claimed === null) return done;
    done++;
  }
  return done;
}

/** Marks the error with the proposal it happened on, so the sweep skips that one and goes on. */
async function onProposal<T>(id: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { proposalId: id });
  }
}

async function claimDueReminder(tx: Tx, now: Date, skip: string[]): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE proposals SET reminder_sent_at = ${now}
    WHERE reminder_sent_at IS NULL AND id = (
      SELECT p.id FROM proposals p
      WHERE p.status = 'active' AND p.reminder_days_before IS NOT NULL AND p.reminder_sent_at IS NULL
        AND p.expires_at > ${now}
        AND p.expires_at - make_interval(secs => p.reminder_days_before * 86400.0) <= ${now}
        AND NOT EXISTS (SELECT 1 FROM proposal_change_requests c WHERE c.proposal_id = p.id)
        AND NOT (p.id = ANY(${skip}::uuid[]))
      ORDER BY p.expires_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id`;
  return rows[0]?.id ?? null;
}

async function claimDueExpiry(tx: Tx, now: Date, skip: string[]): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE proposals SET expired_notified_at = ${now}
    WHERE expired_notified_at IS NULL AND id = (
      SELECT p.id FROM proposals p
      WHERE p.status = 'active' AND p.expires_at IS NOT NULL AND p.expired_notified_at IS NULL
        AND p.expires_at <= ${now}
        AND NOT (p.id = ANY(${skip}::uuid[]))
      ORDER BY p.expires_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text AS id`;
  return rows[0]?.id ?? null;
}

/** The reminder key: one per proposal, ever. */
export const reminderKey = (uuid: string) => `proposal:${uuid}:reminder`;

/**
 * Mails the recipient the reminder, from the contact person's name, Reply-To them while they are
 * an active member of the company. A recipient whose address was removed or broken since the
 * send gets nothing: the claim stands, there is nothing to record.
 */
async function remindRecipient(tx: Tx, row: ProposalRow) {
  await onProposal(row.id, async () => {
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
  });
}

/** The expiry's event (and its webhook, the proposal as read at `now`) and the staff's mail. */
async function announceExpiry(tx: Tx, row: ProposalRow, now: Date) {
  await onProposal(row.id, async () => {
    const dto = toProposalDto(row, now);
    await recordProposalEvent(tx, row, {
      type: "expired",
      actor: { kind: "system" },
      detail: { expires_at: dto.expires_at },
      proposal: dto,
    });
    await notifyStaff(tx, row, { kind: "proposal_expired", expiredOn: formatDay(dto.expires_at!, dto.company_timezone) });
  });
}
