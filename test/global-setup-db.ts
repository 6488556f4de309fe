/**
 * Prepares, once per run, the migrated empty database every test file starts from
 * (test/setup-db.ts): a PGlite dump by default, or a template database on the PostgreSQL server
 * named by TEST_DATABASE_URL. Creating and migrating a database took seconds per file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/lib/db/migrate";
import { databaseUrl } from "./database-url";

declare module "vitest" {
  // Vitest's injected values are declared by merging into its interface, which a type cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A file holding the dump of a migrated embedded database, or "" on PostgreSQL. */
    pgliteSeed: string;
    /** The migrated template database on the test server, or "" on the embedded database. */
    templateDatabase: string;
  }
}

async function withServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await PGlite.create();
    await db.exec("SET TIME ZONE 'UTC'");
    await applyMigrations({
      query: async (sql, params) => (await db.query(sql, params)).rows as never,
      exec: (sql) => db.exec(sql).then(() => {}),
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-seed-"));
    const file = path.join(dir, "seed.tar");
    fs.writeFileSync(file, Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
    await db.close();
    project.provide("pgliteSeed", file);
    project.provide("templateDatabase", "");
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const template = `test_template_${Date.now().toString(36)}_${process.pid}`;
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, template), options: "-c TimeZone=UTC" });
  await client.connect();
  try {
    await applyMigrations({
      query: async (sql, params) => (await client.query(sql, params)).rows,
      exec: (sql) => client.query(sql).then(() => {}),
    });
  } finally {
    await client.end();
  }
  project.provide("pgliteSeed", "");
  project.provide("templateDatabase", template);
  return () => withServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)).then(() => {});
}
