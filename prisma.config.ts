import { defineConfig } from "prisma/config";

// Only `prisma generate` uses this file: migrations are applied by lib/db/migrate.ts
// and produced by scripts/db-diff.mjs (see README, "Changing the schema").
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
