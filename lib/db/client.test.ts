import { describe, expect, it } from "vitest";
import { DbUnavailableError, preparedStatementNames } from "./client";

describe("prepared statement names", () => {
  it("gives one SQL text one name, every time, and another text another name", () => {
    const name = preparedStatementNames();
    const block = name({ sql: "SELECT id, type FROM blocks WHERE id = $1" });
    expect(block).toMatch(/^p[\w-]{27}$/);
    expect(name({ sql: `SELECT id, type FROM blocks WHERE id = ${"$1"}` })).toBe(block);
    expect(name({ sql: "SELECT id, title FROM lessons WHERE id = $1" })).not.toBe(block);
    // A second process (or pool) names the same text the same way: the name is the text's digest.
    expect(preparedStatementNames()({ sql: "SELECT id, type FROM blocks WHERE id = $1" })).toBe(block);
  });

  it("never names a statement that selects whole rows: a migration adding a column would break it", () => {
    const name = preparedStatementNames();
    for (const sql of [
      "SELECT * FROM blocks",
      "WITH moved AS (UPDATE lessons AS s SET position = 1 RETURNING s.*) SELECT moved.* FROM moved",
      "INSERT INTO blocks (id) VALUES ($1) RETURNING *",
      ' SELECT "t0".* FROM "public"."lessons" AS "t0"',
    ]) {
      expect(name({ sql }), sql).toBeUndefined();
    }
    for (const sql of [
      "SELECT count(*)::int AS n FROM blocks",
      "SELECT position * 2 AS twice FROM blocks",
      'SELECT "t0"."id" FROM "public"."blocks" AS "t0"',
    ]) {
      expect(name({ sql }), sql).toBeTruthy();
    }
  });

  it("prepares nothing with DATABASE_PREPARED_STATEMENTS=0 (a pooler in transaction mode)", () => {
    const before = process.env.DATABASE_PREPARED_STATEMENTS;
    process.env.DATABASE_PREPARED_STATEMENTS = "0";
    try {
      expect(preparedStatementNames()({ sql: "SELECT id FROM blocks WHERE id = $1" })).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
      else process.env.DATABASE_PREPARED_STATEMENTS = before;
    }
  });

  it("stops naming new texts at its limit, and keeps the names it gave", () => {
    const name = preparedStatementNames(2);
    const first = name({ sql: "SELECT 1" });
    const second = name({ sql: "SELECT 2" });
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    // Beyond the limit a statement is unnamed: planned for its one run, never kept by a connection.
    expect(name({ sql: "SELECT 3" })).toBeUndefined();
    expect(name({ sql: "SELECT 1" })).toBe(first);
  });
});

describe("DbUnavailableError", () => {
  it("is recognised when another copy of this module made it (the routes' and instrumentation's bundles share the database state)", () => {
    // What another bundle's copy of the class makes: same name and reason, another prototype.
    class OtherCopy extends Error {
      constructor(readonly reason: string) {
        super("The embedded database is in use by process 1");
        this.name = "DbUnavailableError";
      }
    }
    expect(new OtherCopy("locked")).toBeInstanceOf(DbUnavailableError);
    expect(new DbUnavailableError("unreachable", "down")).toBeInstanceOf(DbUnavailableError);
    expect(new OtherCopy("something else")).not.toBeInstanceOf(DbUnavailableError);
    expect(Object.assign(new Error("x"), { reason: "locked" })).not.toBeInstanceOf(DbUnavailableError);
  });
});
