import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.test`;
}

/** Signs up through the API (fast); the sign-up page itself has its own test. */
export async function signUpViaApi(request: APIRequestContext, name = "Test User") {
  const email = uniqueEmail();
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const res = await request.post("/api/account/signup", { data: { email, password, name } });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return { email, password, name, ...(await res.json()) };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** A new account, signed in in this page's browser context. */
export async function signUpAndSignIn(page: Page, name = "Ada Author") {
  const user = await signUpViaApi(page.request, name);
  await signIn(page, user.email, user.password);
  return user;
}

/**
 * Calls the course-authoring API as the signed-in browser user (the page's cookies), to set up
 * data a test is not about.
 */
export async function authoringApi<T = any>(page: Page, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api/authoring${path}`, { method, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}
