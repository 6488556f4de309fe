import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { seedUser } from "../factories";

describe("[DB] sessions and transactions", () => {
  it("runs every connection in UTC and round-trips timestamps exactly", async () => {
    const db = await getDb();
    const zones = await Promise.all(Array.from({ length: 6 }, () => db.$queryRaw<{ TimeZone: string }[]>`SHOW TimeZone`));
    for (const [row] of zones) expect(row.TimeZone).toBe("UTC");
    // On PostgreSQL, JIT compilation is off for the app's sessions (lib/db/client.ts says why);
    // the embedded database has no JIT to turn off.
    if (process.env.TEST_DATABASE_URL) {
      const jit = await Promise.all(Array.from({ length: 6 }, () => db.$queryRaw<{ jit: string }[]>`SHOW jit`));
      for (const [row] of jit) expect(row.jit).toBe("off");
    }
    const { apiKeyId } = await seedUser();
    const at = new Date("2026-03-29T01:30:00.123Z"); // a DST change in Europe
    await db.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: at } });
    const back = await db.apiKey.findUniqueOrThrow({ where: { id: apiKeyId } });
    expect(back.lastUsedAt?.toISOString()).toBe(at.toISOString());
    const [raw] = await db.$queryRaw<{ iso: string }[]>`
      SELECT to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS iso FROM api_keys WHERE id = ${apiKeyId}::uuid`;
    expect(raw.iso).toBe("2026-03-29T01:30:00.123");
  });

  // prisma/orm#30374: after PostgreSQL raised an error inside an interactive transaction,
  // later queries on the same client were reported to receive other queries' results.
  it("answers later queries with their own rows after a transaction fails inside PostgreSQL", async () => {
    const db = await getDb();
    const users = await Promise.all(Array.from({ length: 4 }, () => seedUser()));
    for (let round = 0; round < 5; round++) {
      await expect(
        db.$transaction(async (tx) => {
          await tx.user.update({ where: { id: users[0].user.id }, data: { name: "changed" } });
          // A unique violation raised by the database itself.
          await tx.user.update({ where: { id: users[1].user.id }, data: { email: users[2].user.email } });
        }),
      ).rejects.toMatchObject({ code: "P2002" });
      const reads = await Promise.all(
        users.flatMap((u) => [
          db.user.findUniqueOrThrow({ where: { id: u.user.id } }),
          db.apiKey.findUniqueOrThrow({ where: { id: u.apiKeyId } }),
        ]),
      );
      users.forEach((u, i) => {
        expect(reads[2 * i]).toMatchObject({ id: u.user.id, email: u.user.email });
        expect(reads[2 * i + 1]).toMatchObject({ id: u.apiKeyId, userId: u.user.id });
      });
      const first = await db.user.findUniqueOrThrow({ where: { id: users[0].user.id } });
      expect(first.name).not.toBe("changed");
    }
  });
});
