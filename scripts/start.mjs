// npm start: build when needed, then serve on PORT (default 3000). The server migrates the
// database as it starts (embedded PGlite under DATA_DIR, or DATABASE_URL).
import { spawn } from "node:child_process";
import { tsImport } from "tsx/esm/api";
import { ensureBuild } from "./ensure-build.mjs";
import { nextStartArgs, serverEnv } from "./server-command.mjs";

// The app is made for Node.js 24 LTS (package.json engines), which `npm ci` brings on Linux x64.
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.warn(`[node] Node.js ${process.version} runs this; the app supports 24.11 or newer (README, "Run it").`);
}

// A malformed critical setting stops the start before a build is made for nothing (lib/env.ts; the
// server checks again as it starts, instrumentation.ts).
const { criticalSettingErrors } = await tsImport("../lib/env.ts", import.meta.url);
const errors = criticalSettingErrors(process.env);
if (errors.length) {
  for (const error of errors) console.error(`[env] ${error}`);
  console.error("[env] Not starting: fix or unset what is named above (docs/configuration.md).");
  process.exit(1);
}

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
ensureBuild();
const port = process.env.PORT || "3000";
const child = spawn(process.execPath, nextStartArgs(port), { stdio: "inherit", env: serverEnv(process.env) });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
