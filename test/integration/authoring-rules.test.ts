/**
 * Rules that hold under concurrent requests because the database keeps them: category names are
 * unique, case-insensitively, among a project's undeleted categories (contract.md, Trash and
 * Requests), backed by a partial unique index, and a name lost to a concurrent write still answers
 * 400 `conflict`, never 500. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the
 * requests really overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { withCategoryName } from "@/lib/authoring/categories/categories";
import { getDb } from "@/lib/db/client";
import { expectConflict, expectStatus } from "../expect";
import { createCategory, newUserWithProject } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const ROUNDS = 5;

const namesIn = async (api: Awaited<ReturnType<typeof newUserWithProject>>["api"], projectId: string) =>
  (await api.get(`/projects/${projectId}/categories`)).body.categories.map((c: { name: string }) => c.name.toLowerCase()).sort();

describe("[CATEGORIES] names under concurrent writes", () => {
  it("[CATEGORIES] two concurrent creates of one name (in any letter case) give one 201 and one 400 conflict", async () => {
    const { api, projectId } = await newUserWithProject(server);
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all([
        api.post(`/projects/${projectId}/categories`, { name: `Topic ${round}` }),
        api.post(`/projects/${projectId}/categories`, { name: `TOPIC ${round}` }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
      expectConflict(results.find((r) => r.status === 400)!);
    }
    expect(await namesIn(api, projectId)).toEqual(Array.from({ length: ROUNDS }, (_, i) => `topic ${i}`));
  });

  it("[CATEGORIES] two concurrent renames to one name give one 200 and one 400 conflict", async () => {
    const { api, projectId } = await newUserWithProject(server);
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = [await createCategory(api, projectId, `A ${round}`), await createCategory(api, projectId, `B ${round}`)];
      const results = await Promise.all([
        api.patch(`/categories/${a.id}`, { name: `Merged ${round}` }),
        api.patch(`/categories/${b.id}`, { name: `merged ${round}` }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expectConflict(results.find((r) => r.status === 400)!);
    }
    const names = await namesIn(api, projectId);
    for (let round = 0; round < ROUNDS; round++) expect(names.filter((n: string) => n === `merged ${round}`)).toHaveLength(1);
  });

  it("[CATEGORIES] a create racing the restore of a deleted category of that name leaves one of them, the other answers 400 conflict", async () => {
    const { api, projectId } = await newUserWithProject(server);
    for (let round = 0; round < ROUNDS; round++) {
      const old = await createCategory(api, projectId, `Chapter ${round}`);
      expectStatus(await api.delete(`/categories/${old.id}`), 200);
      const [restore, create] = await Promise.all([
        api.post(`/projects/${projectId}/trash/restore`, { kind: "category", id: old.id }),
        api.post(`/projects/${projectId}/categories`, { name: `chapter ${round}` }),
      ]);
      expect([
        [200, 400],
        [400, 201],
      ]).toContainEqual([restore.status, create.status]);
      expectConflict(restore.status === 400 ? restore : create);
    }
    const names = await namesIn(api, projectId);
    for (let round = 0; round < ROUNDS; round++) expect(names.filter((n: string) => n === `chapter ${round}`)).toHaveLength(1);
  });
});

describe("[CATEGORIES] the database keeps names unique", () => {
  it("[CATEGORIES] the index refuses a second undeleted category of one name in any letter case, not a deleted one or one in another project", async () => {
    const db = await getDb();
    const { projectId } = await newUserWithProject(server);
    const other = await newUserWithProject(server);
    await db.category.create({ data: { projectId, name: "Algebra" } });
    await expect(db.category.create({ data: { projectId, name: "ALGEBRA" } })).rejects.toThrow();
    await db.category.create({ data: { projectId, name: "algebra", deletedAt: new Date() } });
    await db.category.create({ data: { projectId: other.projectId, name: "algebra" } });
    // Literal comparison: _ and % are characters, not wildcards.
    await db.category.create({ data: { projectId, name: "Unit_1" } });
    await db.category.create({ data: { projectId, name: "Unit11" } });
  });

  it("[CATEGORIES] a name taken by a write the check did not see answers conflict, for a model write and for raw SQL", async () => {
    const db = await getDb();
    const { projectId } = await newUserWithProject(server);
    const taken = await db.category.create({ data: { projectId, name: "Geometry" } });
    const gone = await db.category.create({ data: { projectId, name: "geometry", deletedAt: new Date() } });
    // The claimed name passes the check; the write then collides with the index, as a concurrent write would make it.
    const viaModel = db.$transaction((tx) =>
      withCategoryName(tx, { projectId, name: "Fresh" }, () => tx.category.create({ data: { projectId, name: "GEOMETRY" } })),
    );
    await expect(viaModel).rejects.toSatisfy((e) => e instanceof AppError && e.code === "conflict" && /"Fresh"/.test(e.message));
    const viaRaw = db.$transaction((tx) =>
      withCategoryName(
        tx,
        { projectId, name: "Fresh" },
        () => tx.$executeRaw`UPDATE categories SET deleted_at = NULL WHERE id = ${gone.id}::uuid`,
      ),
    );
    await expect(viaRaw).rejects.toSatisfy((e) => e instanceof AppError && e.code === "conflict");
    // Any other failure is not a conflict.
    const other = db.$transaction((tx) =>
      withCategoryName(tx, { projectId, name: "Fresh" }, () => tx.category.create({ data: { projectId: "not-a-project", name: "X" } })),
    );
    await expect(other).rejects.not.toBeInstanceOf(AppError);
    expect((await db.category.findMany({ where: { projectId, deletedAt: null } })).map((c) => c.id)).toEqual([taken.id]);
  });
});
