/**
 * Sign-up without account discovery (docs/decisions/031), over HTTP with the mail going through a
 * real SMTP server: a new address gets an unverified account and a verification link, a known one
 * changes nothing and its owner is told, with a way back in; both answer alike. Then verifying,
 * resending, and signing in while unverified.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NEUTRAL_ANSWER_MS } from "@/lib/accounts/neutral-time";
import { hasUndeliveredVerification } from "@/lib/accounts/verification-delivery";
import { isVerified } from "@/lib/accounts/verified";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { forgetThrottles } from "@/lib/auth/throttle";
import { getDb } from "@/lib/db/client";
import { listMail } from "@/lib/mail/outbox";
import { deliverDueMail } from "@/lib/mail/worker";
import { linkToken, median, outboxKinds, receivedMail, signInCheck, TIMING_TOLERANCE_MS, withSettings } from "../accounts";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { startSmtpServer, type TestSmtpServer } from "../smtp";

const APP_URL = "https://courses.example.test";
const VERIFY_SUBJECT = /Confirm your email address/;
const ATTEMPT_SUBJECT = /Someone tried to sign up/;

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

const api = (key?: string) => apiClient(`${server.url}/api`, key);
const freshEmail = (local = "new") => `${local}-${randomBytes(5).toString("hex")}@example.test`;
const password = () => `pw-${randomBytes(12).toString("base64url")}`;

/** An account made by sign-up (unverified) with an API key of its own, for endpoints that need a caller. */
async function signedUp() {
  const email = freshEmail();
  const res = await api().post("/account/signup", { email, password: password(), name: "Una Verified" });
  expect(res.status).toBe(202);
  const db = await getDb();
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const { key } = await createApiKey(db, { userId: user.id, name: "test key" });
  return { user, key };
}

describe("[ACCOUNT] sign-up with a new address", () => {
  it("creates an unverified account with its personal workspace, answers check_inbox, and mails a verification link", async () => {
    const email = freshEmail("Ada.New");
    const chosen = password();
    const res = await api().post("/account/signup", {
      email: ` ${email.toUpperCase()} `,
      password: chosen,
      name: "Ada",
      next: "/learn?tab=2",
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "check_inbox" });

    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(user.emailVerifiedAt).toBeNull();
    const membership = await db.membership.findFirstOrThrow({ where: { userId: user.id }, include: { workspace: true } });
    expect(membership).toMatchObject({ role: "admin", workspace: { kind: "personal" } });

    const mail = await receivedMail(smtp, email, VERIFY_SUBJECT);
    expect(mail.headers.get("x-coursewright-mail")).toBe("email_verification");
    expect(mail.text).toContain(`${APP_URL}/verify-email?token=`);
    expect(mail.text).toContain("next=%2Flearn%3Ftab%3D2");
    expect(mail.text).toMatch(/works for 7 days/);
    expect(mail.text).not.toContain("Ada");

    // Sign-in works before the address is verified.
    expect(await signInCheck(user.email, chosen)).toMatchObject({ id: user.id });

    const token = linkToken(mail, "/verify-email");
    expect(await verifyEmail(db, token)).toEqual({ result: "verified", userId: user.id });
    expect(await isVerified(db, user.id)).toBe(true);
    // Opened again (a mail system's link checker may have opened it first): still verified, nothing else.
    expect(await verifyEmail(db, token)).toEqual({ result: "verified", userId: user.id });
  });

  it("a verification link that is altered, or expired on an unverified account, verifies nothing", async () => {
    const { user } = await signedUp();
    const token = linkToken(await receivedMail(smtp, user.email, VERIFY_SUBJECT), "/verify-email");
    const db = await getDb();
    expect(await verifyEmail(db, `${token.slice(0, -2)}xx`)).toEqual({ result: "unknown" });
    expect(await verifyEmail(db, "")).toEqual({ result: "unknown" });
    await db.userToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await verifyEmail(db, token)).toEqual({ result: "expired" });
    expect(await isVerified(db, user.id)).toBe(false);
  });
});

describe("[ACCOUNT] sign-up with an address that has an account", () => {
  it("answers exactly as for a new address, changes nothing, and mails the owner a working reset link", async () => {
    const { user, password: own } = await seedUser({ name: "Owner Name" });
    const res = await api().post("/account/signup", { email: user.email.toUpperCase(), password: password(), name: "Intruder" });
    // The answer a new address gets (the test above), and no second account.
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "check_inbox" });
    const db = await getDb();
    expect(await db.user.count({ where: { email: user.email } })).toBe(1);
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ name: "Owner Name", passwordHash: user.passwordHash, sessionVersion: user.sessionVersion });

    const mail = await receivedMail(smtp, user.email, ATTEMPT_SUBJECT);
    expect(mail.headers.get("x-coursewright-mail")).toBe("sign_up_attempt");
    expect(mail.text).toContain(`${APP_URL}/sign-in`);
    expect(mail.text).not.toContain("Intruder");
    const token = linkToken(mail, "/reset-password");
    const chosen = password();
    expect((await api().post("/account/password-reset/confirm", { token, password: chosen })).status).toBe(200);
    expect(await signInCheck(user.email, own)).toBeNull();
    expect(await signInCheck(user.email, chosen)).toMatchObject({ id: user.id });
  });

  it("takes about as long as a new address", async () => {
    const { user } = await seedUser();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await api().post("/account/signup", { email, password: password(), name: "T" });
      expect(res.status).toBe(202);
      return performance.now() - started;
    };
    // The first calls load and compile what both paths use; then the two alternate.
    await timed(user.email);
    await timed(freshEmail());
    const times: Record<"known" | "new", number[]> = { known: [], new: [] };
    for (let round = 0; round < 5; round++) {
      times.known.push(await timed(user.email));
      times.new.push(await timed(freshEmail()));
    }
    for (const time of [...times.known, ...times.new]) expect(time).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 5);
    expect(Math.abs(median(times.known) - median(times.new)), JSON.stringify(times)).toBeLessThan(TIMING_TOLERANCE_MS);
  });

  it("mails the owner at most as often as the address's budget allows, still answering check_inbox", async () => {
    await withSettings({ ACCOUNT_MAILS_PER_ACCOUNT: "2" }, async () => {
      const { user } = await seedUser();
      for (let i = 0; i < 4; i++) {
        const res = await api().post("/account/signup", { email: user.email, password: password(), name: "Again" });
        expect(res.status).toBe(202);
        expect(res.body).toEqual({ status: "check_inbox" });
      }
      expect(await outboxKinds(user.email)).toEqual(["sign_up_attempt", "sign_up_attempt"]);
    });
  });

  it("two sign-ups with one new address at once make one account; the other is answered alike", async () => {
    const email = freshEmail("race");
    const answers = await Promise.all([0, 1].map(() => api().post("/account/signup", { email, password: password(), name: "Race" })));
    expect(answers.map((r) => [r.status, r.body])).toEqual([
      [202, { status: "check_inbox" }],
      [202, { status: "check_inbox" }],
    ]);
    expect(await (await getDb()).user.count({ where: { email } })).toBe(1);
    expect((await outboxKinds(email)).sort()).toEqual(["email_verification", "sign_up_attempt"]);
  });
});

describe("[ACCOUNT] sign-up refuses bad input with 400 in the app's error shape, writing nothing", () => {
  it.each([
    ["a header injection in the address", { email: "a@b.c\r\nBcc: x@y.z" }],
    ["an address followed by a header", { email: "victim@example.test\nBcc: x@y.z" }],
    ["an over-long address", { email: `${"a".repeat(250)}@example.test` }],
    ["an over-long name", { name: "n".repeat(101) }],
    ["a next that leaves the app", { next: "//evil.example/path" }],
    ["a next that is a full address", { next: "https://evil.example/" }],
  ])("%s", async (_, change) => {
    const db = await getDb();
    const before = { users: await db.user.count(), mails: await db.outboxMail.count(), tokens: await db.userToken.count() };
    const res = await api().post("/account/signup", { email: freshEmail(), password: password(), name: "Bad", ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_error", details: { issues: [{ path: Object.keys(change)[0] }] } });
    expect({ users: await db.user.count(), mails: await db.outboxMail.count(), tokens: await db.userToken.count() }).toEqual(before);
  });
});

describe("[ACCOUNT] resending the verification link", () => {
  it("mails a new link to an unverified caller (the older link stops working), and nothing to a verified one, answering alike", async () => {
    const { user, key } = await signedUp();
    const first = linkToken(await receivedMail(smtp, user.email, VERIFY_SUBJECT), "/verify-email");
    const res = await api(key).post("/account/verification");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "check_inbox" });
    await receivedMail(smtp, user.email, VERIFY_SUBJECT);
    await smtp.waitFor(() => smtp.to(user.email).length === 2, 5_000);
    const second = linkToken(smtp.to(user.email)[1], "/verify-email");
    const db = await getDb();
    expect(await verifyEmail(db, first)).toEqual({ result: "unknown" });
    expect(await verifyEmail(db, second)).toEqual({ result: "verified", userId: user.id });

    const verified = await api(key).post("/account/verification");
    expect([verified.status, verified.body]).toEqual([202, { status: "check_inbox" }]);
    expect(await outboxKinds(user.email)).toEqual(["email_verification", "email_verification"]);
  });

  it("a link the SMTP server refuses for good is failed with its error, logged, and shown to its reader until a new one goes", async () => {
    const db = await getDb();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    smtp.refuseWith({ code: 550, message: "No such user here" });
    try {
      const { user, key } = await signedUp();
      await deliverDueMail(db);
      // For the operator: the log line as it fails, and `npm run admin -- mail:list --status failed`.
      const [failed, ...others] = await listMail(db, { to: user.email, status: "failed" });
      expect(others).toEqual([]);
      expect(failed).toMatchObject({ kind: "email_verification", attempts: 1, lastError: expect.stringMatching(/550 No such user here/) });
      expect(warn.mock.calls.map((call) => String(call[0]))).toContain(
        `[mail] email_verification to ${user.email} failed for good: ${failed.lastError}`,
      );
      // For the person signed in with the address: the banner's check (components/account/verify-email-banner.tsx).
      expect(await hasUndeliveredVerification(db, user.email)).toBe(true);

      smtp.refuseWith(null);
      expect((await api(key).post("/account/verification")).status).toBe(202);
      expect(await hasUndeliveredVerification(db, user.email)).toBe(false);
      await receivedMail(smtp, user.email, VERIFY_SUBJECT);
      expect(await hasUndeliveredVerification(db, user.email)).toBe(false);
    } finally {
      smtp.refuseWith(null);
      warn.mockRestore();
    }
  });

  it("answers 429 with Retry-After past the address's budget, and 401 without a caller", async () => {
    await withSettings({ ACCOUNT_MAILS_PER_ACCOUNT: "2" }, async () => {
      const { user, key } = await signedUp();
      // Sign-up's own mail counted one.
      expect((await api(key).post("/account/verification")).status).toBe(202);
      const over = await api(key).post("/account/verification");
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: "rate_limited" });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await outboxKinds(user.email)).toEqual(["email_verification", "email_verification"]);
    });
    const anonymous = await api().post("/account/verification");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthorized");
  });
});
