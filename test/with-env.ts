import { closeDb } from "@/lib/db/client";

/**
 * Runs `fn` with a database configuration (DATABASE_URL, DATA_DIR, ...; undefined removes a
 * variable), then restores the environment and reopens the test file's own database.
 */
export async function withEnv(env: Record<string, string | undefined>, fn: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  await closeDb();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    await fn();
  } finally {
    await closeDb();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
