import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Playwright cannot download its browsers on these machines: use the system's Chromium. Its
// headless shell (Debian: chromium-headless-shell), which Playwright itself would pick for headless
// runs, when there is one: the same engine without the full browser's window machinery, it spent
// 57 % less CPU than `chromium` on the lesson editor's specs (issue 40).
const chromium =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => fs.existsSync(candidate));
if (!chromium || !fs.existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium ?? "/usr/bin/chromium"}. Install one (Debian: apt-get install -y chromium-headless-shell) ` +
      "or point PLAYWRIGHT_CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
}

const port = Number(process.env.E2E_PORT || 3100);
const browserWorkers = Number(process.env.E2E_WORKERS || 2);
const apiWorkers = Number(process.env.E2E_API_WORKERS || 2);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Files run side by side (each test signs up users of its own), the tests of one file in order.
  fullyParallel: false,
  // Browser specs: two at once on two cores (three overloaded CI's machine, issue 40). API specs
  // mostly wait on servers they start and kill, so two more run beside them instead of taking
  // the browser specs' turns (their 190 s of test time left the machine half idle).
  workers: browserWorkers + apiWorkers,
  // A test that fails is run once more with a trace recorded, and fails the run all the same
  // (failOnFlakyTests): the trace of a failure comes at no cost to the runs that pass. Recording
  // one for every test, to keep it on failure, took a third of the browser specs' CPU (issue 40).
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  reporter: [
    ["list"],
    ...(process.env.CI ? [["html", { open: "never" }] as const] : []),
    ...(process.env.TEST_REPORT_DIR ? [["json", { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }] as const] : []),
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts/, workers: apiWorkers },
    {
      name: "browser",
      testMatch: /.*\.ui\.spec\.ts/,
      workers: browserWorkers,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        // The app honours reduced motion (no smooth scrolling), so a click never races a glide.
        contextOptions: { reducedMotion: "reduce" },
        launchOptions: {
          executablePath: chromium,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/health`,
    // A production build first when the sources changed (scripts/e2e-server.mjs).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM, not Playwright's default SIGKILL: scripts/e2e-server.mjs then drops the run's database
    // (or data directory) and closes its mailbox when the server has stopped.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    // Every test signs up its own users, opens recipients' pages and sends bad keys from this one
    // address: lift the per-address limits (the specs that test them use addresses, or a server,
    // of their own).
    env: {
      E2E_PORT: String(port),
      SIGN_UP_PER_ADDRESS: "100000",
      PUBLIC_RATE_LIMIT_PER_ADDRESS: "100000",
      PUBLIC_ANSWERS_PER_ADDRESS: "100000",
      PUBLIC_CHOICES_PER_ADDRESS: "100000",
      API_KEY_FAILURES_PER_ADDRESS: "100000",
    },
  },
});
