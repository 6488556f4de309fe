import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import databaseFree from "./test/database-free-files.json" with { type: "json" };

export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: path.resolve(import.meta.dirname) + "/" }],
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    // CI's pass on PostgreSQL runs only the files that reach the database (test/database-free-files.json).
    // VITEST_EXCLUDE (comma-separated files) leaves more out: CI's PostgreSQL pass, the heavy proofs (.ci/run).
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.VITEST_DATABASE_FILES_ONLY === "1" ? databaseFree.files : []),
      ...(process.env.VITEST_EXCLUDE ? process.env.VITEST_EXCLUDE.split(",").filter(Boolean) : []),
    ],
    globalSetup: ["test/global-setup-db.ts"],
    setupFiles: ["test/setup-db.ts"],
    pool: "forks",
    // A worker runs its files one after another on the modules it has loaded: loading the app's
    // modules again for every file cost more than the tests (issue 40: a third of Vitest's CPU).
    // Each file still gets a database of its own, and undoes what it changed of the process as
    // it ends (test/setup-db.ts).
    isolate: false,
    // Two files at once even on two cores: each has a database of its own, and most wait on it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS || 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI adds a machine-readable report to count the tests of both runs.
    ...(process.env.TEST_REPORT_DIR
      ? { reporters: ["default", "json"], outputFile: { json: `${process.env.TEST_REPORT_DIR}/vitest.json` } }
      : {}),
  },
});
