import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signUpViaApi } from "../support/helpers";

// Each test speaks from addresses of its own (documentation ranges, sent as X-Forwarded-For), so
// a lockout here never reaches another test's address.
const address = () => `198.51.100.${1 + (randomBytes(1)[0] % 250)}`;

/** Signs in through next-auth's credentials callback, as the sign-in form does. */
async function signIn(request: APIRequestContext, email: string, password: string, from: string) {
  const headers = { "x-forwarded-for": from };
  const { csrfToken } = await (await request.get("/api/auth/csrf", { headers })).json();
  const res = await request.post("/api/auth/callback/credentials", { headers, form: { email, password, csrfToken, json: "true" } });
  const session = await (await request.get("/api/auth/session", { headers })).json();
  return {
    status: res.status(),
    retryAfter: res.headers()["retry-after"],
    body: await res.json(),
    signedIn: session?.user?.email === email,
  };
}

test("[AUTH] 5 wrong passwords lock the account: 429 with Retry-After, even for the right password", async ({ playwright, baseURL }) => {
  const setup = await playwright.request.newContext({ baseURL });
  const user = await signUpViaApi(setup);
  const other = await signUpViaApi(setup);
  for (let i = 0; i < 5; i++) {
    const wrong = await signIn(setup, user.email, `wrong-password-${i}`, address());
    expect(wrong.status).toBe(401);
    expect(wrong.signedIn).toBe(false);
  }
  const locked = await signIn(setup, user.email, user.password, address());
  expect(locked.status).toBe(429);
  expect(Number(locked.retryAfter)).toBeGreaterThan(0);
  expect(locked.body).toMatchObject({ code: "rate_limited", url: expect.stringContaining("error=RateLimited") });
  expect(locked.signedIn).toBe(false);
  // Another account is not affected.
  const fresh = await playwright.request.newContext({ baseURL });
  expect((await signIn(fresh, other.email, other.password, address())).signedIn).toBe(true);
  await Promise.all([setup.dispose(), fresh.dispose()]);
});

test("[AUTH] a right password before the limit clears the account's count", async ({ playwright, baseURL }) => {
  const ctx = await playwright.request.newContext({ baseURL });
  const user = await signUpViaApi(ctx);
  const from = address();
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 4; i++) expect((await signIn(ctx, user.email, "wrong-password-x", from)).status).toBe(401);
    expect((await signIn(ctx, user.email, user.password, from)).signedIn).toBe(true);
  }
  await ctx.dispose();
});

test("[AUTH] 20 failures from one address lock that address out, whatever the account", async ({ playwright, baseURL }) => {
  const ctx = await playwright.request.newContext({ baseURL });
  const user = await signUpViaApi(ctx);
  const from = "203.0.113.77";
  for (let i = 0; i < 20; i++)
    expect((await signIn(ctx, `nobody-${randomBytes(3).toString("hex")}@example.test`, "wrong-password-x", from)).status).toBe(401);
  const blocked = await signIn(ctx, user.email, user.password, from);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
  expect((await signIn(ctx, user.email, user.password, address())).signedIn).toBe(true);
  await ctx.dispose();
});
