import { expect, test } from "@playwright/test";
import { signInViaApi, signUpViaApi } from "./helpers";

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
