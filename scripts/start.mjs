// npm start: build when needed, then serve on PORT (default 3000). The server migrates the
// database as it starts (embedded PGlite under DATA_DIR, or DATABASE_URL).
import { spawn } from "node:child_process";
import { ensureBuild } from "./ensure-build.mjs";
import { nextStartArgs, serverEnv } from "./server-command.mjs";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
ensureBuild();
const port = process.env.PORT || "3000";
const child = spawn(process.execPath, nextStartArgs(port), { stdio: "inherit", env: serverEnv(process.env) });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
