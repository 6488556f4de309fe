/**
 * Operator command line: npm run admin -- <command> --flag value
 * Each command prints one JSON object and exits 0, or prints a message and exits 1.
 * It uses the same database as the server (DATABASE_URL, or the embedded one under DATA_DIR).
 * The commands: scripts/admin-commands.ts.
 */
import { closeDb, getDb } from "../lib/db/client";
import { runAdmin } from "./admin-commands";

runAdmin(process.argv.slice(2), { db: getDb, out: (line) => console.log(line), err: (line) => console.error(line) })
  .finally(closeDb)
  .then((code) => process.exit(code));
