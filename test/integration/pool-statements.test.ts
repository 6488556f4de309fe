/**
 * `queryRows` (lib/db/client.ts): on PostgreSQL the hot statements go to the pool without Prisma's
 * runtime, and must answer exactly what `$queryRaw` answers; on the embedded database they go
 * through Prisma.
 */
import { beforeAll, expect, it } from "vitest";
import { dbKind, getDb, onStatement, queryRows } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

const prismaEvents: string[] = [];
const allEvents: string[] = [];
beforeAll(async () => {
  (await getDb()).$on("query", (e) => prismaEvents.push(e.query));
  await onStatement((e) => allEvents.push(e.query));
});

const EVERY_TYPE = Prisma.sql`
  SELECT true AS bool, 7::int2 AS int2, 70000::int4 AS int4, 9007199254740993::int8 AS int8,
    12.345::numeric(10, 3) AS numeric, 1.5::float4 AS float4, 2.25::float8 AS float8,
    ${"text 'quoted' ✓"}::text AS text, 'varchar'::varchar(20) AS varchar,
    ${JSON.stringify({ a: [1, "two", null], b: { c: true } })}::json AS json, '{"z": 1, "a": [2]}'::jsonb AS jsonb,
    ${new Date("2026-03-29T01:30:00.123Z")}::timestamptz AS timestamptz, ${"0b6a1c9e-2f4d-4e1a-9c3b-5d7e8f9a0b1c"}::uuid AS uuid,
    ARRAY[true, false] AS bools, ARRAY[1, 2, 3]::int4[] AS ints, ARRAY['a', NULL, 'c ,}'] AS texts,
    ARRAY['x'::varchar] AS varchars, ARRAY[${"0b6a1c9e-2f4d-4e1a-9c3b-5d7e8f9a0b1c"}::uuid] AS uuids,
    'draft'::"ProposalStatus" AS status, NULL::text AS nothing, NULL::int8 AS no_int8, NULL::jsonb AS no_json`;

/** What every column of EVERY_TYPE reads as, on either database. */
const EVERY_VALUE = {
  bool: true,
  int2: 7,
  int4: 70000,
  int8: 9007199254740993n,
  numeric: new Prisma.Decimal("12.345"),
  float4: 1.5,
  float8: 2.25,
  text: "text 'quoted' ✓",
  varchar: "varchar",
  json: { a: [1, "two", null], b: { c: true } },
  jsonb: { z: 1, a: [2] },
  timestamptz: new Date("2026-03-29T01:30:00.123Z"),
  uuid: "0b6a1c9e-2f4d-4e1a-9c3b-5d7e8f9a0b1c",
  bools: [true, false],
  ints: [1, 2, 3],
  texts: ["a", null, "c ,}"],
  varchars: ["x"],
  uuids: ["0b6a1c9e-2f4d-4e1a-9c3b-5d7e8f9a0b1c"],
  status: "draft",
  nothing: null,
  no_int8: null,
  no_json: null,
};

// On the embedded database queryRows is $queryRaw itself: there the fixed values are the check; on
// PostgreSQL the pool's reading is held to both.
it("[SQL] answers what $queryRaw answers, value for value and type for type, for every column type it reads", async () => {
  const db = await getDb();
  const direct = await queryRows<Record<string, unknown>>(db, EVERY_TYPE);
  const viaPrisma = await db.$queryRaw<Record<string, unknown>[]>(EVERY_TYPE);
  expect(viaPrisma).toEqual([EVERY_VALUE]);
  expect(direct).toEqual(viaPrisma);
  const [row] = direct;
  expect(row.int8).toBe(9007199254740993n);
  expect(Prisma.Decimal.isDecimal(row.numeric) && (row.numeric as Prisma.Decimal).toString()).toBe("12.345");
  for (const [column, value] of Object.entries(EVERY_VALUE)) expect(typeof row[column], column).toBe(typeof value);
});

it("[SQL] on PostgreSQL sends the statement to the pool, past Prisma; on the embedded database through Prisma", async () => {
  const db = await getDb();
  const marker = Prisma.sql`SELECT ${"pool-or-prisma"}::text AS marker`;
  prismaEvents.length = 0;
  allEvents.length = 0;
  expect(await queryRows(db, marker)).toEqual([{ marker: "pool-or-prisma" }]);
  expect(allEvents).toHaveLength(1);
  expect(prismaEvents).toHaveLength((await dbKind()) === "postgres" ? 0 : 1);
  // In a transaction the statement is the transaction's: through Prisma, on its connection.
  prismaEvents.length = 0;
  await db.$transaction(async (tx) => expect(await queryRows(tx, marker)).toEqual([{ marker: "pool-or-prisma" }]));
  expect(prismaEvents.filter((q) => q.includes("marker"))).toHaveLength(1);
});

it("[SQL] refuses a column the pool would read differently from Prisma, instead of answering it", async () => {
  const db = await getDb();
  const local = Prisma.sql`SELECT '2026-03-29 01:30:00'::timestamp AS local, '2026-03-29'::date AS day`;
  if ((await dbKind()) === "postgres") {
    await expect(queryRows(db, local)).rejects.toThrow(/column "local" \(type OID 1114\) has no reading here/);
  } else {
    const [row] = await queryRows<{ local: Date }>(db, local);
    expect(row.local).toBeInstanceOf(Date);
  }
});
