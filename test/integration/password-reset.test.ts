/**
 * "Forgot password?" end to end over HTTP, with the mail going through a real SMTP server: the
 * neutral answer, the link, a new password, the sessions and lockout it ends, the link's single
 * use, expiry and replacement, the throttles, and bad input (docs/decisions/031).
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NEUTRAL_ANSWER_MS } from "@/lib/accounts/neutral-time";
import { hashToken } from "@/lib/accounts/tokens";
import { recordSignInFailure, signInRetryAfter, forgetThrottles } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { listMail } from "@/lib/mail/outbox";
import { deliverDueMail } from "@/lib/mail/worker";
import { linkToken, median, outboxKinds, receivedMail, sessionCookie, signInCheck, TIMING_TOLERANCE_MS, withSettings } from "../accounts";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { startSmtpServer, type TestSmtpServer } from "../smtp";

const APP_URL = "https://courses.example.test";
const RESET_SUBJECT = /Reset your Coursewright password/;

let server: TestServer;
let smtp: TestSmtpServer;
let restore: () => void;
beforeAll(async () => {
  server = await startTestServer();
  smtp = await startSmtpServer();
  const saved = { SMTP_URL: process.env.SMTP_URL, APP_URL: process.env.APP_URL };
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = APP_URL;
  restore = () => Object.assign(process.env, saved);
});
afterAll(async () => {
  restore();
  await server.close();
  await smtp.close();
});
afterEach(() => forgetThrottles());

const api = () => apiClient(`${server.url}/api`);
const newPassword = () => `fresh-${randomBytes(9).toString("base64url")}`;

async function unverifiedUser() {
  const seeded = await seedUser();
  const db = await getDb();
  const user = await db.user.update({ where: { id: seeded.user.id }, data: { emailVerifiedAt: null } });
  return { ...seeded, user };
}

/** Asks for a reset link for `email` and reads its token from the mail that arrives. */
async function resetToken(email: string): Promise<string> {
  const sent = () => smtp.to(email).filter((mail) => RESET_SUBJECT.test(mail.subject ?? ""));
  const before = sent().length;
  const res = await api().post("/account/password-reset", { email });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await deliverDueMail(await getDb());
  await smtp.waitFor(() => sent().length > before, 5_000);
  return linkToken(sent().at(-1)!, "/reset-password");
}

async function passwordHashOf(userId: string) {
  return (await (await getDb()).user.findUniqueOrThrow({ where: { id: userId } })).passwordHash;
}

describe("[ACCOUNT] password reset", () => {
  it("the mailed link sets a new password once: old sessions end, the old password stops working, the lockout is cleared, the address is verified", async () => {
    const { user, password } = await unverifiedUser();
    const cookie = await sessionCookie(user);
    expect((await api().get("/authoring/api-keys", { cookie })).status).toBe(200);
    // Locked out by someone guessing from elsewhere.
    for (let i = 0; i < 5; i++) await recordSignInFailure(user.email, "203.0.113.66");
    expect(await signInRetryAfter(user.email, "198.51.100.200")).toBeGreaterThan(0);

    const asked = await api().post("/account/password-reset", { email: ` ${user.email.toUpperCase()} ` });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ status: "check_inbox" });
    const mail = await receivedMail(smtp, user.email, RESET_SUBJECT);
    expect(mail.text).toContain(`${APP_URL}/reset-password?token=`);
    expect(mail.text).toMatch(/works once, for 1 hour/);
    expect(mail.headers.get("x-coursewright-mail")).toBe("password_reset");
    const token = linkToken(mail, "/reset-password");

    const chosen = newPassword();
    const done = await api().post("/account/password-reset/confirm", { token, password: chosen });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ email: user.email });

    const read = await api().get("/authoring/api-keys", { cookie });
    expect(read.status).toBe(401);
    expect(await signInRetryAfter(user.email, "198.51.100.200")).toBeNull();
    expect(await signInCheck(user.email, password)).toBeNull();
    expect(await signInCheck(user.email, chosen)).toMatchObject({ id: user.id });
    const after = await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.emailVerifiedAt).not.toBeNull();
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);

    // The link works once.
    const again = await api().post("/account/password-reset/confirm", { token, password: newPassword() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "token", message: expect.stringMatching(/already used/) }] },
    });
    expect(await signInCheck(user.email, chosen)).toMatchObject({ id: user.id });
  });

  it("an expired link and an altered one are refused with 400, changing nothing; a password against the rules leaves the link usable", async () => {
    const { user } = await seedUser();
    const token = await resetToken(user.email);
    const hash = await passwordHashOf(user.id);

    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const wrong = await api().post("/account/password-reset/confirm", { token: altered, password: newPassword() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.issues).toEqual([{ path: "token", message: expect.stringMatching(/not valid/) }]);

    const weak = await api().post("/account/password-reset/confirm", { token, password: "password1234" });
    expect(weak.status).toBe(400);
    expect(weak.body.details.issues).toEqual([{ path: "password", message: expect.stringMatching(/too common/) }]);
    const likeEmail = await api().post("/account/password-reset/confirm", { token, password: user.email });
    expect(likeEmail.status).toBe(400);
    expect(likeEmail.body.details.issues).toEqual([{ path: "password", message: expect.stringMatching(/email address/) }]);

    const db = await getDb();
    await db.userToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await api().post("/account/password-reset/confirm", { token, password: newPassword() });
    expect(expired.status).toBe(400);
    expect(expired.body.details.issues).toEqual([{ path: "token", message: expect.stringMatching(/expired/) }]);

    expect(await passwordHashOf(user.id)).toBe(hash);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion);
  });

  it("asking again replaces the older link: only the newest one works", async () => {
    const { user } = await seedUser();
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(second).not.toBe(first);
    const old = await api().post("/account/password-reset/confirm", { token: first, password: newPassword() });
    expect(old.status).toBe(400);
    expect(old.body.details.issues[0].message).toMatch(/not valid/);
    expect((await api().post("/account/password-reset/confirm", { token: second, password: newPassword() })).status).toBe(200);
  });

  it("one link sent twice at once sets one password: one answer is 200, the other 400", async () => {
    const { user } = await seedUser();
    const token = await resetToken(user.email);
    const [a, b] = [newPassword(), newPassword()];
    const answers = await Promise.all([
      api().post("/account/password-reset/confirm", { token, password: a }),
      api().post("/account/password-reset/confirm", { token, password: b }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await signInCheck(user.email, winner)).toMatchObject({ id: user.id });
    expect(await signInCheck(user.email, loser)).toBeNull();
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion + 1);
  });

  it("answers a known and an unknown address alike (status, body, about the same time) and mails only the known one", async () => {
    const { user } = await seedUser();
    const unknown = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await api().post("/account/password-reset", { email });
      answers.add(`${res.status} ${JSON.stringify(res.body)}`);
      return performance.now() - started;
    };
    const answers = new Set<string>();
    // The first calls load and compile what both paths use; then the two alternate.
    await timed(user.email);
    await timed(unknown);
    const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 4; round++) {
      times.known.push(await timed(user.email));
      times.unknown.push(await timed(unknown));
    }
    expect([...answers]).toEqual(['202 {"status":"check_inbox"}']);
    for (const time of [...times.known, ...times.unknown]) expect(time).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
    expect(Math.abs(median(times.known) - median(times.unknown)), JSON.stringify(times)).toBeLessThan(TIMING_TOLERANCE_MS);
    // Five: the address's budget (ACCOUNT_MAILS_PER_ACCOUNT) is spent exactly.
    expect(await outboxKinds(user.email)).toEqual(Array(5).fill("password_reset"));
    expect(await outboxKinds(unknown)).toEqual([]);
  });
});

describe("[ACCOUNT] a reset mail that cannot be delivered", () => {
  it("is failed with its error, logged and listed for the operator, while whoever asked gets the usual answer", async () => {
    const { user } = await seedUser();
    const db = await getDb();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    smtp.refuseWith({ code: 550, message: "Mailbox unavailable" });
    try {
      const res = await api().post("/account/password-reset", { email: user.email });
      expect([res.status, res.body]).toEqual([202, { status: "check_inbox" }]);
      await deliverDueMail(db);
      // Only the operator is told: the page that asked must not tell whether the address has an account (decision 031).
      const [failed, ...others] = await listMail(db, { to: user.email, status: "failed" });
      expect(others).toEqual([]);
      expect(failed).toMatchObject({ kind: "password_reset", attempts: 1, lastError: expect.stringMatching(/550 Mailbox unavailable/) });
      expect(warn.mock.calls.map((call) => String(call[0]))).toContain(
        `[mail] password_reset to ${user.email} failed for good: ${failed.lastError}`,
      );
    } finally {
      smtp.refuseWith(null);
      warn.mockRestore();
    }
  });
});

describe("[ACCOUNT] password reset is throttled", () => {
  it("per client address: 429 with Retry-After past the budget, for asking and for using links", async () => {
    await withSettings({ PASSWORD_RESET_PER_ADDRESS: "3", TRUST_PROXY: "2" }, async () => {
      const from = { "x-forwarded-for": `192.0.2.${randomBytes(1)[0]}` };
      for (let i = 0; i < 3; i++) {
        const res = await api().post("/account/password-reset", { email: `someone-${i}@example.test` }, from);
        expect(res.status).toBe(202);
      }
      const over = await api().post("/account/password-reset", { email: "someone-else@example.test" }, from);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: "rate_limited" });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      const confirm = await api().post("/account/password-reset/confirm", { token: "x".repeat(43), password: newPassword() }, from);
      expect(confirm.status).toBe(429);
      // Another address (from another range than the random one above) is not affected.
      const other = await api().post(
        "/account/password-reset",
        { email: "someone-else@example.test" },
        { "x-forwarded-for": "198.51.100.7" },
      );
      expect(other.status).toBe(202);
    });
  });

  it("per address mailed: 429 with Retry-After past the budget, the same for an address with and without an account", async () => {
    await withSettings({ ACCOUNT_MAILS_PER_ACCOUNT: "2" }, async () => {
      const { user } = await seedUser();
      const unknown = `nobody-${randomBytes(4).toString("hex")}@example.test`;
      for (const email of [user.email, unknown]) {
        expect((await api().post("/account/password-reset", { email })).status).toBe(202);
        expect((await api().post("/account/password-reset", { email })).status).toBe(202);
        const over = await api().post("/account/password-reset", { email: email.toUpperCase() });
        expect(over.status).toBe(429);
        expect(over.body).toEqual({ error: expect.stringMatching(/Too many mails/), code: "rate_limited" });
        expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(3000);
      }
      expect(await outboxKinds(user.email)).toEqual(["password_reset", "password_reset"]);
    });
  });
});

describe("[ACCOUNT] password reset refuses bad input with 400 in the app's error shape, changing nothing", () => {
  it.each([
    ["a malformed address", { email: "not-an-email" }],
    ["a header injection (CR LF)", { email: "a@b.c\r\nBcc: x@y.z" }],
    ["a header injection (LF)", { email: "victim@example.test\nBcc: x@y.z" }],
    ["a list of addresses", { email: "a@example.test, b@example.test" }],
    ["a display name", { email: "Ada <ada@example.test>" }],
    ["an over-long address", { email: `${"a".repeat(250)}@example.test` }],
    ["no address", {}],
    ["a number", { email: 42 }],
  ])("%s", async (_, body) => {
    const db = await getDb();
    const before = { mails: await db.outboxMail.count(), tokens: await db.userToken.count() };
    const res = await api().post("/account/password-reset", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.any(String),
      code: "validation_error",
      details: { issues: [expect.objectContaining({ path: "email" })] },
    });
    expect({ mails: await db.outboxMail.count(), tokens: await db.userToken.count() }).toEqual(before);
  });

  it("a malformed token, an over-long password or a body that is not JSON", async () => {
    const { user } = await seedUser();
    const token = await resetToken(user.email);
    const hash = await passwordHashOf(user.id);
    for (const body of [
      { token: `${token}\r\nBcc: x@y.z`, password: newPassword() },
      { token: token.slice(0, 20), password: newPassword() },
      { token: "x".repeat(5000), password: newPassword() },
      { token, password: "p".repeat(20) + "q".repeat(200) },
      { token },
    ]) {
      const res = await api().post("/account/password-reset/confirm", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe("validation_error");
    }
    const notJson = await api().post("/account/password-reset/confirm", "{token:");
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe("invalid_json");
    expect(await passwordHashOf(user.id)).toBe(hash);
    // The link still works after all that.
    expect((await api().post("/account/password-reset/confirm", { token, password: newPassword() })).status).toBe(200);
  });

  it("links start with APP_URL whatever X-Forwarded-Host and -Proto the request names", async () => {
    const { user } = await seedUser();
    const res = await api().post(
      "/account/password-reset",
      { email: user.email },
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    );
    expect(res.status).toBe(202);
    const mail = await receivedMail(smtp, user.email, RESET_SUBJECT);
    expect(mail.text).toContain(`${APP_URL}/reset-password?token=`);
    expect(mail.text).not.toContain("evil.example");
  });
});
