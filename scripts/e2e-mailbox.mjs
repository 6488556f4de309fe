// The mail side of the browser tests' server: a real SMTP server on loopback that the app sends
// through (SMTP_URL), and a small HTTP mailbox the specs read what arrived from (e2e/support/mailbox.ts).
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** Ports next to the app's: SMTP on E2E_PORT + 50, the mailbox on E2E_PORT + 51 (the specs' own servers use +10 to +40). */
export const mailPorts = (appPort) => ({ smtp: Number(appPort) + 50, mailbox: Number(appPort) + 51 });

/** The domain whose addresses this SMTP server refuses (550), for the specs of undeliverable mail. */
export const UNDELIVERABLE_DOMAIN = "undeliverable.test";

export async function startMailbox(appPort) {
  const ports = mailPorts(appPort);
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Every address at undeliverable.test is refused for good, as a mistyped address's server would.
    onRcptTo(address, session, callback) {
      if (address.address.toLowerCase().endsWith(`@${UNDELIVERABLE_DOMAIN}`)) {
        return callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        try {
          const raw = Buffer.concat(chunks).toString("utf8");
          const mail = await simpleParser(raw);
          const headers = {};
          for (const line of mail.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: mail.from?.text ?? "",
            replyTo: mail.replyTo?.text ?? null,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            headers,
            receivedAt: new Date().toISOString(),
          });
          callback();
        } catch (error) {
          callback(error);
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(ports.smtp, "127.0.0.1", resolve);
  });
  const mailbox = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ messages: found }));
  });
  await new Promise((resolve) => mailbox.listen(ports.mailbox, "127.0.0.1", resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
    close: async () => {
      await new Promise((resolve) => smtp.close(resolve));
      await new Promise((resolve) => mailbox.close(resolve));
    },
  };
}
