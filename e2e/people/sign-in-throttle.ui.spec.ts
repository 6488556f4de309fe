import { expect, test } from "../support/fixtures";
import { signUpViaApi } from "../support/helpers";

test("[ACCOUNT] the sign-in form says when sign-in is locked after too many wrong passwords", async ({ page }) => {
  // An address of this test's own, so the lockout reaches no other test.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.251" });
  const user = await signUpViaApi(page.request);
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Password").fill(`wrong-password-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
  }
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many failed sign-ins" })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});
