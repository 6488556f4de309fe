/**
 * The production server itself refuses a malformed critical setting (instrumentation.ts), however
 * it is started: `npm start` checks before it builds (test/integration/start-settings.test.ts), but
 * `next start` run another way, or a value Next.js reads from a .env file, reaches only the server.
 * Its own port: E2E_PORT+40.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { nextStartArgs, serverEnv } from "../../scripts/server-command.mjs";

const PORT = Number(process.env.E2E_PORT || 3100) + 40;

test("[ENV] the server exits with 1 as it starts on a malformed SMTP_URL, naming the variable and what it must look like", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "critical-settings-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SMTP_URL: "smtp:mail.example.com:587" };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, nextStartArgs(PORT, "127.0.0.1"), { env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  server.stderr!.on("data", (chunk) => (stderr += chunk));
  server.stdout!.resume();
  try {
    const [code] = await once(server, "exit");
    expect(code).toBe(1);
    expect(stderr).toContain('[env] SMTP_URL="smtp:mail.example.com:587" is not valid: expected smtp://… or smtps://…');
    expect(stderr).toContain("[env] Not starting: fix or unset what is named above (docs/configuration.md).");
    await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
