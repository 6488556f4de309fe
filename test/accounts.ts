/**
 * What the account tests share: settings changed for one test (without reopening the database,
 * unlike withEnv), a session cookie as sign-in writes it, next-auth's credentials check itself,
 * and the mail the app sent through a real SMTP server (test/smtp.ts).
 */
import { encode } from "next-auth/jwt";
import { expect } from "vitest";
import { authOptions } from "@/lib/auth/options";
import { authSecret } from "@/lib/auth/secret";
import { getDb } from "@/lib/db/client";
import { deliverDueMail } from "@/lib/mail/worker";
import { apiClient } from "./api-client";
import type { ReceivedMail, TestSmtpServer } from "./smtp";

/** Runs `fn` with these settings (read by the app at each call), then puts the old values back. */
export async function withSettings(settings: Record<string, string | undefined>, fn: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(settings);
  try {
    await fn();
  } finally {
    apply(saved);
  }
}

/** A session cookie as next-auth's jwt callback writes it at sign-in. */
export async function sessionCookie(user: { id: string; sessionVersion: number }) {
  const token = await encode({
    token: { sub: user.id, sv: user.sessionVersion, signedInAt: Math.floor(Date.now() / 1000) },
    secret: authSecret(),
  });
  return `next-auth.session-token=${token}`;
}

/**
 * A client of `baseUrl` (a service's base, e.g. `${server.url}/api/authoring`) signed in as the
 * user in the browser: their session cookie, sent from the app's own origin as its pages send it.
 */
export async function signedInClient(baseUrl: string, user: { id: string; sessionVersion: number }) {
  return apiClient(baseUrl, undefined, { cookie: await sessionCookie(user), origin: new URL(baseUrl).origin });
}

type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ id: string } | null>;

/**
 * The credentials sign-in's own check (lib/auth/options.ts `authorize`): the user it signs in, or
 * null. next-auth's HTTP route needs Next.js itself (e2e/people/sessions.api.spec.ts signs in over HTTP).
 */
export async function signInCheck(email: string, password: string, address = "198.51.100.200") {
  const [provider] = authOptions(false).providers as unknown as { options: { authorize: Authorize } }[];
  return provider.options.authorize({ email, password }, { headers: { "x-forwarded-for": address } });
}

/** Sends what the outbox holds through the SMTP server now, then waits for a mail to `to` whose subject matches. */
export async function receivedMail(smtp: TestSmtpServer, to: string, subject: RegExp): Promise<ReceivedMail> {
  await deliverDueMail(await getDb());
  return smtp.waitFor((mail) => mail.envelopeTo.includes(to.toLowerCase()) && subject.test(mail.subject ?? ""), 5_000);
}

/** The token of the link to `path` in a mail's text part (the link written out under the button). */
export function linkToken(mail: ReceivedMail, path: "/reset-password" | "/verify-email"): string {
  const match = (mail.text ?? "").match(new RegExp(`${path.replace("/", "\\/")}\\?token=([A-Za-z0-9_-]{43})`));
  expect(match, `a ${path} link in: ${mail.text}`).not.toBeNull();
  return match![1];
}

/** Mails the outbox holds for an address, by kind. */
export async function outboxKinds(to: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.outboxMail.findMany({
    where: { toAddress: to.toLowerCase() },
    orderBy: { createdAt: "asc" },
    select: { kind: true },
  });
  return rows.map((r) => r.kind);
}

/**
 * How far apart the median answer times of the two paths of a neutral answer may be. The floor
 * (NEUTRAL_ANSWER_MS) makes them equal on a quiet machine; this allows for a busy test machine.
 */
export const TIMING_TOLERANCE_MS = 150;

/** The median of some durations. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
