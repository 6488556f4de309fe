// Config for the Prisma 6 CLI used only by scripts/db-diff.mjs: its WebAssembly schema
// engine diffs schemas through a driver adapter, so no native engine is needed.
import { PrismaPg } from "prisma6-adapter-pg";

const config = {
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaPg({ connectionString: process.env.DIFF_DATABASE_URL }),
};

export default config;
