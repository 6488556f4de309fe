// Reads the mail the e2e server sent through its SMTP server (scripts/e2e-mailbox.mjs).
import { expect, type APIRequestContext } from "@playwright/test";

export type E2eMail = {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** Header names lower-case, e.g. headers["list-unsubscribe"]. */
  headers: Record<string, string>;
  receivedAt: string;
  /** The first link in the text part that leads into the app. */
  link: string | null;
};

const mailboxUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT || 3100) + 51}`;
const appOrigin = () => `http://127.0.0.1:${Number(process.env.E2E_PORT || 3100)}`;

function withLink(mail: Omit<E2eMail, "link">): E2eMail {
  const links = mail.text.match(/https?:\/\/[^\s<>()\]]+/g) ?? [];
  return { ...mail, link: links.find((l) => l.startsWith(appOrigin())) ?? null };
}

/** Every mail sent to `to` so far, oldest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<E2eMail[]> {
  const res = await request.get(`${mailboxUrl()}/messages?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { messages: Omit<E2eMail, "link">[] };
  return body.messages.map(withLink);
}

/** Waits (up to 20 s: the worker polls every half second) for a mail to `to`, its subject matching. */
export async function waitForMail(request: APIRequestContext, query: { to: string; subject?: RegExp }): Promise<E2eMail> {
  let found: E2eMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, query.to)).find((m) => !query.subject || query.subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${query.to}${query.subject ? ` with a subject like ${query.subject}` : ""}` },
    )
    .toBe(true);
  return found!;
}
