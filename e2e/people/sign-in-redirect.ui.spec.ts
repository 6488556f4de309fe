import { expect, test } from "../support/fixtures";
import { signUpViaApi } from "../support/helpers";

for (const next of ["/%5Cexample.org/x", "/%09/example.org/x", "//example.org/x", "https://example.org/x"]) {
  test(`[ACCOUNT] signing in with next=${next} stays on the app`, async ({ page, baseURL }) => {
    const user = await signUpViaApi(page.request);
    await page.goto(`/sign-in?next=${next}`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
  });
}

test("[ACCOUNT] signing in with a next path on the app goes there, query string included", async ({ page, baseURL }) => {
  const user = await signUpViaApi(page.request);
  await page.goto(`/sign-in?next=${encodeURIComponent("/account/api-keys?from=link")}`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/account/api-keys?from=link`);
});
