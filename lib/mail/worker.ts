import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import SMTPPool from "nodemailer/lib/smtp-pool";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { StoredHeaders } from "./outbox";
import { startPollLoop } from "./poll-loop";
import { mailWake } from "./wake";

/**
 * The outbox's worker: it sends what the app's actions wrote to `mail_outbox` (outbox.ts).
 *
 * - A mail is claimed by one statement that locks its row with FOR UPDATE SKIP LOCKED and marks it
 *   `sending` with a lease: two instances never claim the same mail, and no transaction stays open
 *   while the SMTP server talks (the embedded database has one connection).
 * - Sent: `sent`. Refused for good (a 5xx answer) or out of attempts: `failed`, with the last error.
 *   Otherwise `pending` again after a backoff (MAIL_RETRY_BASE_SECONDS, doubling, at most 24 hours).
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

const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;
// A batch's mails go out at once, each on a connection of its own: none waits behind another, so
// each is handed over well within its lease (connection, greeting and answer timeouts: 50 s at most).
const BATCH = 10;
// Batches sent side by side in one drain: while one waits for its slowest mail, the other sends.
const LANES = 2;
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** How long after its `attempts`-th failed attempt a mail is tried again. */
export function retryDelayMs(attempts: number, base = env("MAIL_RETRY_BASE_SECONDS") * 1000): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempts - 1));
}

/** Claims up to `limit` mails that are due (or whose sender's lease ran out) for this worker. */
async function claimDueMail(db: Db, limit: number): Promise<Claimed[]> {
  const lease = env("MAIL_LEASE_SECONDS");
  return db.$queryRaw<Claimed[]>`
    UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${lease}::float8)
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND lease_until < now())
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, to_address, headers, subject, text_body, html_body, link, attempts`;
}

/**
 * A connection to the SMTP server with Nagle's algorithm off. A mail's last segment (the end of its
 * body) is a small write after the headers; with Nagle on it waited for the server's delayed ACK,
 * 40 ms per mail on Linux, longer than the rest of the exchange on a local relay.
 */
function connectWithoutDelay(options: SMTPPool.Options, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) {
  // nodemailer's defaults for a URL without them.
  const socket = net.connect({ host: options.host || "localhost", port: options.port || (options.secure ? 465 : 587), noDelay: true });
  const fail = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  socket.setTimeout(TIMEOUTS.connectionTimeout, () => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })));
  socket.once("error", fail);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.removeListener("error", fail);
    callback(null, { connection: socket });
  });
}

/**
 * The transport of one drain: a connection per mail in flight, each kept for the following mails (a new
 * connection per mail cost a TCP handshake, the server's greeting, EHLO and QUIT, and servers
 * often wait before greeting), and closed once the outbox is empty, so no connection idles
 * between polls. SMTP_URL's query can set nodemailer's options (smtps://…?tls.servername=…).
 */
const openTransport = (url: string): Transporter =>
  nodemailer.createTransport(new SMTPPool({ url, pool: true, maxConnections: BATCH * LANES, ...TIMEOUTS, getSocket: connectWithoutDelay }));

/** MAIL_FROM split into its name and address ("Coursewright <no-reply@example.com>"). */
export function mailFrom(): { name: string; address: string } {
  const raw = env("MAIL_FROM");
  const [parsed] = addressparser(raw, { flatten: true });
  const address = parsed?.address || "no-reply@localhost";
  return { name: parsed?.name || "Coursewright", address };
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

const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

async function settle(db: Db, mail: Claimed, outcome: { messageId: string } | { error: unknown }) {
  // Only the claim that holds the mail settles it: `attempts` fences off a claim whose lease ran out.
  if ("messageId" in outcome) {
    await db.$executeRaw`
      UPDATE mail_outbox SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL, message_id = ${outcome.messageId}
      WHERE id = ${mail.id}::uuid AND status = 'sending' AND attempts = ${mail.attempts}`;
    return;
  }
  const message = String((outcome.error as Error)?.message ?? outcome.error).slice(0, 1000);
  const giveUp = isPermanent(outcome.error) || mail.attempts >= env("MAIL_MAX_ATTEMPTS");
  const retryAt = new Date(Date.now() + retryDelayMs(mail.attempts));
  await db.$executeRaw`
    UPDATE mail_outbox SET status = ${giveUp ? "failed" : "pending"}::"MailStatus", lease_until = NULL, last_error = ${message},
      next_attempt_at = ${retryAt}
    WHERE id = ${mail.id}::uuid AND status = 'sending' AND attempts = ${mail.attempts}`;
  console.warn(
    `[mail] ${mail.kind} to ${mail.to_address} ${giveUp ? "failed for good" : `will be retried at ${retryAt.toISOString()}`}: ${message}`,
  );
}

async function logInstead(db: Db, mail: Claimed) {
  console.log(`[mail] not sent (no SMTP_URL): to ${mail.to_address}: "${mail.subject}"${mail.link ? ` ${mail.link}` : ""}`);
  await db.$executeRaw`
    UPDATE mail_outbox SET status = 'logged', lease_until = NULL WHERE id = ${mail.id}::uuid AND status = 'sending' AND attempts = ${mail.attempts}`;
}

/**
 * Sends every mail that is due now, in batches, and returns how many it settled (sent, logged,
 * failed or put back for a retry). The worker's loop calls it; tests call it to deliver at once.
 */
export async function deliverDueMail(db?: Db): Promise<number> {
  const conn = db ?? (await getDb());
  const url = env("SMTP_URL");
  let transport: Transporter | undefined;
  let settled = 0;
  const lane = async () => {
    for (;;) {
      const batch = await claimDueMail(conn, BATCH);
      if (!batch.length) return;
      await Promise.all(
        batch.map(async (mail) => {
          if (!url) await logInstead(conn, mail);
          else {
            try {
              await settle(conn, mail, { messageId: await send((transport ??= openTransport(url)), mail) });
            } catch (error) {
              await settle(conn, mail, { error });
            }
          }
          settled++;
        }),
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: LANES }, lane));
    return settled;
  } finally {
    transport?.close();
  }
}

let running: { stop: () => Promise<void> } | undefined;

/**
 * Starts this instance's worker (instrumentation.ts, when the server starts): it looks for due mail
 * every MAIL_POLL_MS, and at once when this instance writes a mail. MAIL_WORKER=off leaves it off.
 */
export function startMailWorker(): { stop: () => Promise<void> } | undefined {
  if (running || !env("MAIL_WORKER")) return running;
  if (!env("SMTP_URL")) console.log("[mail] No SMTP_URL set: mail is kept in the outbox and printed here, not sent");
  const loop = startPollLoop({ name: "mail", run: () => deliverDueMail(), wake: mailWake });
  running = {
    stop: () => {
      running = undefined;
      return loop.stop();
    },
  };
  return running;
}
