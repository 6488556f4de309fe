import { expect, test } from "@playwright/test";
import { signInViaApi, signUpViaApi } from "../support/helpers";

test("[AUTH] a session cookie saved before signing out no longer reads or writes", async ({ request, playwright, baseURL }) => {
  const user = await signUpViaApi(request);
  await signInViaApi(request, user);
  // Someone keeps a copy of the cookie (a shared computer, a stolen cookie) before the user signs out.
  const saved = await playwright.request.newContext({ baseURL, storageState: await request.storageState() });
  const write = () => saved.post("/api/workspaces", { data: { name: "After sign-out" }, headers: { origin: baseURL! } });
  expect((await saved.get("/api/authoring/api-keys")).status()).toBe(200);

  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const signedOut = await request.post("/api/auth/signout", { form: { csrfToken, json: "true" } });
  expect(signedOut.status()).toBe(200);

  const read = await saved.get("/api/authoring/api-keys");
  expect(read.status()).toBe(401);
  expect(await read.json()).toMatchObject({ code: "unauthorized" });
  expect((await write()).status()).toBe(401);
  // Server pages read the session through next-auth: none.
  expect(await (await saved.get("/api/auth/session")).json()).toEqual({});
  const page = await saved.get("/account/api-keys");
  expect(new URL(page.url()).pathname).toBe("/sign-in");

  // Signing in again gives a working session.
  await signInViaApi(saved, user);
  expect((await saved.get("/api/authoring/api-keys")).status()).toBe(200);
  await saved.dispose();
});

test("[AUTH] behind an https proxy, sign-in sets __Host- cookies (Secure, Path=/, no Domain) and only they open a session", async ({
  playwright,
  baseURL,
  request,
}) => {
  const user = await signUpViaApi(request);
  // The proxy in front says the browser's request came over https.
  const https = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-proto": "https" } });
  const csrf = await https.get("/api/auth/csrf");
  const csrfCookie = csrf.headersArray().find((h) => h.name.toLowerCase() === "set-cookie")?.value ?? "";
  expect(csrfCookie).toMatch(/^__Host-next-auth\.csrf-token=/);
  const { csrfToken } = await csrf.json();
  const signIn = await https.post("/api/auth/callback/credentials", {
    form: { email: user.email, password: user.password, csrfToken, json: "true" },
    headers: { cookie: csrfCookie.split(";")[0] },
    maxRedirects: 0,
  });
  const setCookies = signIn
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  const session = setCookies.find((c) => c.startsWith("__Host-next-auth.session-token="));
  expect(session, setCookies.join("\n")).toBeDefined();
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*Path=\/(;|$)/i);
  expect(session).toMatch(/;\s*HttpOnly/i);
  expect(session).not.toMatch(/;\s*Domain=/i);
  expect(setCookies.some((c) => c.startsWith("next-auth.session-token="))).toBe(false);

  const value = session!.split(";")[0].slice("__Host-next-auth.session-token=".length);
  const read = (cookie: string) => https.get("/api/authoring/api-keys", { headers: { cookie } });
  expect((await read(`__Host-next-auth.session-token=${value}`)).status()).toBe(200);
  expect((await read(`next-auth.session-token=${value}`)).status()).toBe(401);
  await https.dispose();
});
