import { AppError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { MailStatus } from "@/lib/generated/prisma/client";
import { jobWakes } from "@/lib/jobs/poll-loop";
import type { MailContent } from "./content";
import { oneLine, renderMail } from "./render";

/** Every kind of mail the app sends: the template's name, kept with each mail in the outbox. */
export type MailKind =
  | "password_reset"
  | "email_verification"
  | "sign_up_attempt"
  | "workspace_invitation"
  | "company_invitation"
  | "proposal_sent"
  | "proposal_updated"
  | "proposal_viewed"
  | "proposal_accepted"
  | "proposal_rejected"
  | "proposal_changes_requested"
  | "proposal_expired"
  | "proposal_reminder"
  | "webhook_disabled"
  | "comment_mention"
  | "proposal_approval_requested"
  | "proposal_approval_decided"
  | "enrolment_ready"
  | "course_invitation";

export type OutgoingMail = {
  kind: MailKind;
  to: string;
  content: MailContent;
  /** Shown before MAIL_FROM's name: "Ann Smith via Coursewright". */
  senderName?: string;
  replyTo?: string;
  /** At most one mail is ever written per key: a second enqueue with it writes nothing. */
  dedupeKey?: string;
};

/** The name of the mail jobs (worker.ts): this instance's loop is woken by that name when a mail is written. */
export const MAIL_JOBS = "mail";

/** The largest mail the outbox takes, HTML and text together. */
export const MAX_MAIL_BYTES = 100 * 1024;

/** Headers kept with the mail and used when it is sent (lib/mail/worker.ts). */
export type StoredHeaders = { senderName?: string; replyTo?: string; listUnsubscribe?: string };

const EMAIL = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

/** Whether a string is one plain address (no display name, no list, nothing a header could carry). */
export const isMailAddress = (value: string) => value.length <= 254 && EMAIL.test(value);

/**
 * Writes a mail to the outbox in the caller's transaction: if the action commits, its mail is
 * there for the worker; if it rolls back, so does the mail. Returns the mail's id, or null when
 * `dedupeKey` was already used (the mail was written before).
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<string | null> {
  const to = mail.to.trim().toLowerCase();
  if (!isMailAddress(to)) throw new AppError("validation_error", `"${oneLine(mail.to)}" is not an email address`);
  if (mail.replyTo !== undefined && !isMailAddress(mail.replyTo.trim())) {
    throw new AppError("validation_error", `"${oneLine(mail.replyTo)}" is not an email address`);
  }
  const rendered = await renderMail(mail.content);
  const size = Buffer.byteLength(rendered.html) + Buffer.byteLength(rendered.text);
  if (size > MAX_MAIL_BYTES) {
    throw new AppError("validation_error", `The mail would be ${Math.ceil(size / 1024)} KB; at most ${MAX_MAIL_BYTES / 1024} KB`);
  }
  const headers: StoredHeaders = {
    ...(mail.senderName ? { senderName: oneLine(mail.senderName).slice(0, 100) } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo.trim().toLowerCase() } : {}),
    ...(mail.content.unsubscribe ? { listUnsubscribe: mail.content.unsubscribe } : {}),
  };
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO mail_outbox (id, kind, to_address, headers, subject, text_body, html_body, link, dedupe_key)
    VALUES (gen_random_uuid(), ${mail.kind}, ${to}, ${JSON.stringify(headers)}::jsonb, ${rendered.subject}, ${rendered.text},
      ${rendered.html}, ${mail.content.action?.url ?? null}, ${mail.dedupeKey ?? null})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
  if (rows.length) jobWakes.wake(MAIL_JOBS);
  return rows[0]?.id ?? null;
}

/** The outbox's mails, newest first (the admin command line's mail:list, and tests). */
export async function listMail(tx: Tx, filter: { to?: string; status?: MailStatus; limit?: number } = {}) {
  return tx.outboxMail.findMany({
    where: { ...(filter.to ? { toAddress: filter.to.trim().toLowerCase() } : {}), ...(filter.status ? { status: filter.status } : {}) },
    orderBy: { createdAt: "desc" },
    take: filter.limit ?? 50,
    select: {
      id: true,
      kind: true,
      toAddress: true,
      subject: true,
      link: true,
      status: true,
      attempts: true,
      lastError: true,
      createdAt: true,
      sentAt: true,
    },
  });
}
