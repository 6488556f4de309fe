import net from "node:net";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

/** Speaks SMTP on a raw socket up to the message's first line, then sends a reset (RST), as a killed sender's kernel does. */
async function resetMidMessage(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let heard = "";
  const until = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => (pattern.test(heard) ? (socket.off("data", onData), resolve()) : undefined);
      const onData = (chunk: Buffer) => {
        heard += chunk.toString();
        check();
      };
      socket.on("data", onData);
      check();
    });
  await until(/^220 /m);
  socket.write("EHLO sender.test\r\n");
  await until(/^250 /m);
  socket.write("MAIL FROM:<app@example.test>\r\n");
  await until(/250 Accepted[\s\S]*$/);
  socket.write("RCPT TO:<sam@example.test>\r\n");
  await until(/250 Accepted[\s\S]*250 Accepted/);
  socket.write("DATA\r\n");
  await until(/^354 /m);
  socket.write("Subject: cut off\r\n\r\nThe first line of a message that never ends");
  socket.resetAndDestroy();
}

describe("the test SMTP server", () => {
  it("keeps senders' resets mid-message as connection errors, and goes on taking mail", async () => {
    smtp = await startSmtpServer();
    // Two, as when a crash test kills a server sending several mails: before, the first error went
    // to a listener left over from start-up, and the second was thrown in the test's process.
    await resetMidMessage(smtp.port);
    await resetMidMessage(smtp.port);
    // Each reset reaches the server as ECONNRESET on its side of the socket.
    await expect
      .poll(() => smtp!.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code))
      .toEqual(["ECONNRESET", "ECONNRESET"]);
    expect(smtp.messages).toEqual([]);
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: "app@example.test", to: "sam@example.test", subject: "after the resets", text: "Still here." });
    expect(smtp.to("sam@example.test").map((mail) => mail.subject)).toEqual(["after the resets"]);
  });
});
