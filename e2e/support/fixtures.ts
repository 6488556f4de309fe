import { test as base } from "@playwright/test";
import { signInViaApi, signUpViaApi, type TestUser } from "./helpers";

export { expect } from "@playwright/test";

type Fixtures = {
  /**
   * A new account whose session is set in this test's browser context (through the credentials
   * callback, not the form), so the page opens signed in. Each call makes a fresh user: tests
   * never share accounts or data.
   */
  signUpAndSignIn: (name?: string) => Promise<TestUser>;
};

export const test = base.extend<Fixtures>({
  // The fixture's second argument is Playwright's `use`, named so it is not taken for React's.
  signUpAndSignIn: async ({ page }, provide) => {
    await provide(async (name = "Ada Author") => {
      const user = await signUpViaApi(page.request, name);
      await signInViaApi(page.request, user);
      return user;
    });
  },
});
