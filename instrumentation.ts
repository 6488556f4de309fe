// Runs once when the server starts: open (and migrate) the database before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { criticalSettingErrors, dataDir, invalidSettings } = await import("@/lib/env");
  // A malformed critical setting would otherwise fall back to something else (mail logged, never
  // sent): stop before serving. npm start checks the same before it builds; this also sees .env files.
  const errors = criticalSettingErrors();
  if (errors.length) {
    for (const error of errors) console.error(`[env] ${error}`);
    console.error("[env] Not starting: fix or unset what is named above (docs/configuration.md).");
    process.exit(1);
  }
  for (const problem of invalidSettings()) console.warn(`[env] ${problem}`);
  const { getDb, dbKind } = await import("@/lib/db/client");
  const { authSecret } = await import("@/lib/auth/secret");
  authSecret();
  try {
    await getDb();
    const kind = await dbKind();
    console.log(kind === "pglite" ? `[db] embedded PostgreSQL (PGlite) in ${dataDir()}` : "[db] PostgreSQL from DATABASE_URL");
  } catch (error) {
    console.error(`[db] not ready: ${(error as Error).message}`);
  }
  // Background work: mail, webhook deliveries, the proposal sweep (lib/jobs, docs/decisions/052).
  // What was written while the database was away waits in its table; the worker retries until it answers.
  const { BACKGROUND_WORK } = await import("@/lib/jobs/kinds");
  const { startJobWorker } = await import("@/lib/jobs/worker");
  startJobWorker(BACKGROUND_WORK);
}
