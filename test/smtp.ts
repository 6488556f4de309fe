// A real SMTP server on loopback for tests (the smtp-server package), keeping every message it
// accepts, parsed by mailparser. Point the app at it with SMTP_URL=server.url.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export type ReceivedMail = ParsedMail & {
  /** The envelope's recipients (RCPT TO), lower-case. */
  envelopeTo: string[];
  /** The raw message as it arrived. */
  raw: string;
};

export type TestSmtpServer = {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The envelope recipients of every message whose data began to arrive, accepted or not. */
  attempted: string[][];
  /** Connections that broke off (a sender killed mid-conversation resets its socket): kept, not thrown. */
  connectionErrors: Error[];
  /** Messages sent to this address (envelope), in arrival order. */
  to(address: string): ReceivedMail[];
  /** Waits until `predicate` holds for some message, and returns it. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers every following message with this SMTP error (e.g. 451 to make the sender retry); null accepts again. */
  refuseWith(error: { code: number; message: string } | null): void;
  close(): Promise<void>;
};

/**
 * `stall`: take each message's data and never answer it, as a server that hangs mid-send (the
 * sender is then still waiting when a test kills it).
 */
export async function startSmtpServer(options: { port?: number; stall?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const attempted: string[][] = [];
  let refusal: { code: number; message: string } | null = null;
  const waiters = new Set<() => void>();
  const config: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      attempted.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
      for (const wake of waiters) wake();
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (options.stall) return;
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        messages.push(Object.assign(parsed, { raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) }));
        for (const wake of waiters) wake();
        callback();
      });
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  // The server emits a connection's error too: with no listener a crash test's killed sender
  // (ECONNRESET mid-message) became an uncaught error that failed the test in the test process.
  const connectionErrors: Error[] = [];
  server.on("error", (error) => connectionErrors.push(error));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    attempted,
    connectionErrors,
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    refuseWith: (error) => {
      refusal = error;
    },
    waitFor: (predicate, timeoutMs = 15_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No mail matched within ${timeoutMs} ms; received: ${messages.map((m) => `${m.envelopeTo} "${m.subject}"`).join(", ") || "none"}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The List-Unsubscribe URL of a mail, from its raw header (folded lines unfolded). */
export function listUnsubscribeOf(mail: ReceivedMail): string | undefined {
  const unfolded = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return /^List-Unsubscribe: <([^>]+)>$/im.exec(unfolded)?.[1];
}
