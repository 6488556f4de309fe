// Generates the Prisma client into lib/generated/prisma. The CLI insists on a schema engine
// binary it never starts for `generate`, and cannot download one here: any existing file will do.
import { spawnSync } from "node:child_process";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
