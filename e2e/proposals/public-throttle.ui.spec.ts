/**
 * The recipient's page past its budget of reads per client address: a readable page saying how
 * long to wait, not an error. The server is this file's own (port E2E_PORT+30) with a budget of
 * three reads, since the one every other spec shares lifts it for its single address.
 */
import { randomUUID } from "node:crypto";
import { AppProcess, freshAppData, type AppData } from "../support/app-process";
import { expect, test } from "../support/fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 30;

let data: AppData;
let app: AppProcess;
test.beforeAll(async () => {
  data = await freshAppData("public-throttle");
  app = new AppProcess(data, PORT, { PUBLIC_RATE_LIMIT_PER_ADDRESS: "3", PUBLIC_RATE_LIMIT_WINDOW: "60" });
  await app.start();
});
test.afterAll(async () => {
  await app?.kill();
  await data?.remove();
});

test("[RECIPIENT] the fourth read of /p/{uuid} from one address a minute says to try again in so many seconds; another address reads", async ({
  browser,
}) => {
  // An address of this test's own (Next.js keeps the X-Forwarded-For a client sends when no proxy is trusted).
  const guesser = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.203" } });
  const page = await guesser.newPage();
  // Reads count whatever they find: guessing uuids spends the budget as reading one does.
  for (let i = 0; i < 3; i++) {
    await page.goto(`${app.url}/p/${randomUUID()}`);
    await expect(page.getByRole("heading", { name: "This proposal is not available" })).toBeVisible();
  }
  const refused = await page.goto(`${app.url}/p/${randomUUID()}`);
  expect(refused?.status()).toBeLessThan(500);
  await expect(page.getByRole("heading", { name: "Too many requests" })).toBeVisible();
  await expect(page.getByText(/Try again in \d+ seconds?; the proposal is still there/)).toBeVisible();
  await expect(page).toHaveTitle(/Too many requests/);

  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.204" } });
  const otherPage = await other.newPage();
  await otherPage.goto(`${app.url}/p/${randomUUID()}`);
  await expect(otherPage.getByRole("heading", { name: "This proposal is not available" })).toBeVisible();
  await Promise.all([guesser.close(), other.close()]);
});
