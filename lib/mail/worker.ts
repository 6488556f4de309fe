import type { Transporter } from "nodemailer";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { runDueJobs, type JobKind } from "@/lib/jobs/queue";
import { MAIL_JOBS, type StoredHeaders } from "./outbox";
import { openSmtpTransport } from "./smtp-transport";

/**
 * The mail jobs: what the app's actions wrote to `mail_outbox` (outbox.ts), sent by the job worker
 * (lib/jobs; docs/decisions/030, 052).
 *
 * - A mail being sent is `sending`, leased for MAIL_LEASE_SECONDS: two instances never claim the
 *   same mail, and no transaction stays open while the SMTP server talks.
 * - Sent: `sent`. Refused for good (a 5xx answer) or out of attempts (MAIL_MAX_ATTEMPTS): `failed`,
 *   with the last error. Otherwise `pending` again after a backoff (MAIL_RETRY_BASE_SECONDS, doubling,
 *   at most 24 hours).
 * - An instance killed while sending leaves the mail `sending`; once its lease ends another worker
 *   (or this one after a restart) takes it over. So a crash delays mail, and never loses it. The
 *   only mail that can go out twice is one the SMTP server accepted in the instant before the crash,
 *   and it goes with the same Message-ID, which mail systems use to drop the copy.
 * - Without SMTP_URL nothing is sent: each mail is printed to the log (subject and link) and marked
 *   `logged`; `npm run admin -- mail:list` prints them too.
 */

type Claimed = {
  id: string;
  kind: string;
  to_address: string;
  headers: StoredHeaders;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  attempts: number;
};

/** What the mails of one run share: the SMTP server, and one pool of connections to it, opened at the first mail. */
type Session = { smtpUrl: string | undefined; transport?: Transporter };

// A batch's mails go out at once, each on a connection of its own: none waits behind another, so
// each is handed over well within its lease.
const BATCH = 10;
// Batches sent side by side in one run: while one waits for its slowest mail, the other sends.
const LANES = 2;

/** MAIL_FROM split into its name and address ("Coursewright <no-reply@example.com>", or the address alone). */
export function mailFrom(): { name: string; address: string } {
  const raw = env("MAIL_FROM").trim();
  const named = /^(?:"((?:[^"\\]|\\.)*)"|([^"<>]*?))\s*<([^<>\s]+@[^<>\s]+)>$/.exec(raw);
  if (named) return { name: (named[1]?.replace(/\\(.)/g, "$1") ?? named[2]).trim() || "Coursewright", address: named[3] };
  return { name: "Coursewright", address: /^[^\s<>"]+@[^\s<>"]+$/.test(raw) ? raw : "no-reply@localhost" };
}

async function send(transport: Transporter, mail: Claimed): Promise<string> {
  const from = mailFrom();
  const domain = from.address.split("@")[1] || "localhost";
  const headers = mail.headers ?? {};
  const info = await transport.sendMail({
    from: { name: headers.senderName ? `${headers.senderName} via ${from.name}` : from.name, address: from.address },
    to: mail.to_address,
    ...(headers.replyTo ? { replyTo: headers.replyTo } : {}),
    subject: mail.subject,
    // Quoted-printable, as nodemailer picks for Latin-script mail, without its picking: it counted
    // the letters of each part with a regular expression, a third of a millisecond a mail.
    textEncoding: "quoted-printable",
    text: mail.text_body,
    html: mail.html_body,
    // The same id on every attempt: a copy sent again after a crash is recognisably the same mail.
    messageId: `<${mail.id}@${domain}>`,
    headers: {
      "X-Coursewright-Mail": mail.kind,
      ...(headers.listUnsubscribe
        ? { "List-Unsubscribe": `<${headers.listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : {}),
    },
  });
  return String(info.messageId ?? `<${mail.id}@${domain}>`);
}

export const mailJobs: JobKind<Claimed, Session> = {
  name: MAIL_JOBS,
  table: {
    name: "mail_outbox",
    statusType: "MailStatus",
    idType: "uuid",
    running: "sending",
    returning: Prisma.sql`id, kind, to_address, headers, subject, text_body, html_body, link, attempts`,
    hasLastError: true,
  },
  leaseSeconds: () => env("MAIL_LEASE_SECONDS"),
  retry: { baseSeconds: () => env("MAIL_RETRY_BASE_SECONDS"), maxAttempts: () => env("MAIL_MAX_ATTEMPTS") },
  batch: BATCH,
  lanes: LANES,
  open: () => ({ smtpUrl: env("SMTP_URL") }),
  close: (session) => session.transport?.close(),
  run: async (mail, session) => {
    if (!session.smtpUrl) {
      console.log(`[mail] not sent (no SMTP_URL): to ${mail.to_address}: "${mail.subject}"${mail.link ? ` ${mail.link}` : ""}`);
      return { done: "logged" };
    }
    const messageId = await send((session.transport ??= openSmtpTransport(session.smtpUrl, BATCH * LANES)), mail);
    return { done: "sent", set: Prisma.sql`sent_at = now(), last_error = NULL, message_id = ${messageId}` };
  },
  // A 5xx answer: the server refuses the mail for good.
  isPermanent: (error) => {
    const code = (error as { responseCode?: number }).responseCode;
    return typeof code === "number" && code >= 500 && code < 600;
  },
  describe: (mail) => `${mail.kind} to ${mail.to_address}`,
  starting: () => {
    if (!env("SMTP_URL")) console.log("[mail] No SMTP_URL set: mail is kept in the outbox and printed here, not sent");
  },
};

/**
 * Sends every mail that is due now, in batches, and returns how many it settled (sent, logged,
 * failed or put back for a retry). The worker's loop does the same; tests call it to deliver at once.
 */
export const deliverDueMail = (db?: Db): Promise<number> => runDueJobs(mailJobs, db);
