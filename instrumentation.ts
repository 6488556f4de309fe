// Runs once when the server starts: open (and migrate) the database before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDb, dbKind } = await import("@/lib/db/client");
  const { authSecret } = await import("@/lib/auth/secret");
  const { dataDir, invalidSettings } = await import("@/lib/env");
  for (const problem of invalidSettings()) console.warn(`[env] ${problem}`);
  authSecret();
  try {
    await getDb();
    const kind = await dbKind();
    console.log(kind === "pglite" ? `[db] embedded PostgreSQL (PGlite) in ${dataDir()}` : "[db] PostgreSQL from DATABASE_URL");
  } catch (error) {
    console.error(`[db] not ready: ${(error as Error).message}`);
  }
  // Mail written while the database was away waits in the outbox; the worker retries until it answers.
  const { startMailWorker } = await import("@/lib/mail/worker");
  startMailWorker();
  // Webhook deliveries wait in their table the same way (docs/decisions/034).
  const { startWebhookWorker } = await import("@/lib/webhooks/worker");
  startWebhookWorker();
  // Reminders and expiries that fall due: each proposal taken by one instance (docs/decisions/037).
  const { startProposalSweeper } = await import("@/lib/proposals/expiry/sweeper");
  startProposalSweeper();
}
