/**
 * Positions and pagination of the four sibling sets: courses of a project, modules of a course,
 * lessons of a module, blocks of a lesson (contract.md, Positions and Lists).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectContiguous, expectStatus, expectValidation, walkList } from "../expect";
import { type Api, createCourse, createLesson, createModule, createProject, newUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type SiblingSet = {
  tag: string;
  kind: "course" | "module" | "lesson" | "block";
  items: "courses" | "modules" | "lessons" | "blocks";
  /** Makes a parent and answers its id and its project's id. */
  setup: (api: Api) => Promise<{ projectId: string; parentId: string }>;
  collection: (parentId: string) => string;
  item: (id: string) => string;
  body: (label: string) => Record<string, unknown>;
  label: (item: any) => string;
};

const SETS: SiblingSet[] = [
  {
    tag: "COURSES",
    kind: "course",
    items: "courses",
    setup: async (api) => {
      const project = await createProject(api);
      return { projectId: project.id, parentId: project.id };
    },
    collection: (id) => `/projects/${id}/courses`,
    item: (id) => `/courses/${id}`,
    body: (label) => ({ title: label }),
    label: (item) => item.title,
  },
  {
    tag: "MODULES",
    kind: "module",
    items: "modules",
    setup: async (api) => {
      const project = await createProject(api);
      const course = await createCourse(api, project.id);
      return { projectId: project.id, parentId: course.id };
    },
    collection: (id) => `/courses/${id}/modules`,
    item: (id) => `/modules/${id}`,
    body: (label) => ({ title: label }),
    label: (item) => item.title,
  },
  {
    tag: "LESSONS",
    kind: "lesson",
    items: "lessons",
    setup: async (api) => {
      const project = await createProject(api);
      const course = await createCourse(api, project.id);
      const mod = await createModule(api, course.id);
      return { projectId: project.id, parentId: mod.id };
    },
    collection: (id) => `/modules/${id}/lessons`,
    item: (id) => `/lessons/${id}`,
    body: (label) => ({ title: label }),
    label: (item) => item.title,
  },
  {
    tag: "BLOCKS",
    kind: "block",
    items: "blocks",
    setup: async (api) => {
      const project = await createProject(api);
      const course = await createCourse(api, project.id);
      const mod = await createModule(api, course.id);
      const lesson = await createLesson(api, mod.id);
      return { projectId: project.id, parentId: lesson.id };
    },
    collection: (id) => `/lessons/${id}/blocks`,
    item: (id) => `/blocks/${id}`,
    body: (label) => ({ type: "text", content: { body: label } }),
    label: (item) => item.content?.body,
  },
];

for (const set of SETS) {
  const { tag, items } = set;

  /** Creates the labelled siblings in order, each appended. */
  async function seed(api: Api, parentId: string, labels: string[]) {
    const created: any[] = [];
    for (const label of labels) {
      const res = await api.post(set.collection(parentId), set.body(label));
      expectStatus(res, 201);
      created.push(res.body);
    }
    return created;
  }

  async function list(api: Api, parentId: string) {
    const res = await api.get(set.collection(parentId));
    expectStatus(res, 200);
    expectContiguous(res.body[items]);
    return res.body[items] as any[];
  }

  const labels = async (api: Api, parentId: string) => (await list(api, parentId)).map(set.label);

  describe(`[${tag}] positions`, () => {
    it(`[${tag}] creating without a position appends, numbering from 0`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      const created = await seed(api, parentId, ["A", "B", "C"]);
      expect(created.map((c) => c.position)).toEqual([0, 1, 2]);
      expect(await labels(api, parentId)).toEqual(["A", "B", "C"]);
    });

    it(`[${tag}] inserting at a position shifts later ${items}`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      await seed(api, parentId, ["A", "B", "C"]);
      const middle = await api.post(set.collection(parentId), { ...set.body("X"), position: 1 });
      expectStatus(middle, 201);
      expect(middle.body.position).toBe(1);
      const first = await api.post(set.collection(parentId), { ...set.body("Y"), position: 0 });
      expect(first.body.position).toBe(0);
      expect(await labels(api, parentId)).toEqual(["Y", "A", "X", "B", "C"]);
    });

    it(`[${tag}] a position past the end appends, up to 32767; 32768, -1 and 1.5 are refused`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      await seed(api, parentId, ["A", "B"]);
      const far = await api.post(set.collection(parentId), { ...set.body("Far"), position: 32767 });
      expectStatus(far, 201);
      expect(far.body.position).toBe(2);
      const atEnd = await api.post(set.collection(parentId), { ...set.body("End"), position: 3 });
      expect(atEnd.body.position).toBe(3);
      for (const position of [32768, -1, 1.5, "1", null]) {
        expectValidation(await api.post(set.collection(parentId), { ...set.body("Bad"), position }), ["position"]);
      }
      expect(await labels(api, parentId)).toEqual(["A", "B", "Far", "End"]);
    });

    it(`[${tag}] PATCH position moves the item and keeps 0..n-1; past the end means the end`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      const [a, b, c, d, e] = await seed(api, parentId, ["A", "B", "C", "D", "E"]);
      const forward = await api.patch(set.item(b.id), { position: 3 });
      expectStatus(forward, 200);
      expect(forward.body.position).toBe(3);
      expect(await labels(api, parentId)).toEqual(["A", "C", "D", "B", "E"]);
      const backward = await api.patch(set.item(e.id), { position: 0 });
      expect(backward.body.position).toBe(0);
      expect(await labels(api, parentId)).toEqual(["E", "A", "C", "D", "B"]);
      const last = await api.patch(set.item(a.id), { position: 32767 });
      expectStatus(last, 200);
      expect(last.body.position).toBe(4);
      expect(await labels(api, parentId)).toEqual(["E", "C", "D", "B", "A"]);
      const same = await api.patch(set.item(c.id), { position: 1 });
      expect(same.body.position).toBe(1);
      expect(await labels(api, parentId)).toEqual(["E", "C", "D", "B", "A"]);
      for (const position of [32768, -1, 2.5]) expectValidation(await api.patch(set.item(d.id), { position }), ["position"]);
      expect(await labels(api, parentId)).toEqual(["E", "C", "D", "B", "A"]);
    });

    it(`[${tag}] deleting closes the gap and restoring puts the item back at its old position`, async () => {
      const { api } = await newUser(server);
      const { projectId, parentId } = await set.setup(api);
      const [, b] = await seed(api, parentId, ["A", "B", "C", "D"]);
      expectStatus(await api.delete(set.item(b.id)), 200);
      expect(await labels(api, parentId)).toEqual(["A", "C", "D"]);
      const restored = await api.post(`/projects/${projectId}/trash/restore`, { kind: set.kind, id: b.id });
      expectStatus(restored, 200);
      expect(await labels(api, parentId)).toEqual(["A", "B", "C", "D"]);
      expect((await api.get(set.item(b.id))).body.position).toBe(1);
    });

    it(`[${tag}] restoring an item whose old position is now past the end puts it at the end`, async () => {
      const { api } = await newUser(server);
      const { projectId, parentId } = await set.setup(api);
      const [, , c, d] = await seed(api, parentId, ["A", "B", "C", "D"]);
      expectStatus(await api.delete(set.item(d.id)), 200);
      expectStatus(await api.delete(set.item(c.id)), 200);
      expect(await labels(api, parentId)).toEqual(["A", "B"]);
      expectStatus(await api.post(`/projects/${projectId}/trash/restore`, { kind: set.kind, id: d.id }), 200);
      expect(await labels(api, parentId)).toEqual(["A", "B", "D"]);
      expectStatus(await api.post(`/projects/${projectId}/trash/restore`, { kind: set.kind, id: c.id }), 200);
      expect(await labels(api, parentId)).toEqual(["A", "B", "C", "D"]);
    });

    it(`[${tag}] concurrent creates and moves on one parent leave positions exactly 0..n-1`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      const initial = await seed(api, parentId, ["I0", "I1", "I2", "I3", "I4"]);
      const creates = Array.from({ length: 20 }, (_, i) =>
        api.post(set.collection(parentId), { ...set.body(`N${i}`), ...(i % 2 ? { position: i % 5 } : {}) }),
      );
      const moves = Array.from({ length: 10 }, (_, i) => api.patch(set.item(initial[i % 5].id), { position: (i * 7) % 25 }));
      const results = await Promise.all([...creates, ...moves]);
      for (const res of results.slice(0, 20)) expectStatus(res, 201);
      for (const res of results.slice(20)) expectStatus(res, 200);

      const after = await list(api, parentId);
      expect(after).toHaveLength(25);
      expect(new Set(after.map((i) => i.id)).size).toBe(25);
      expect(after.map((i) => i.id).sort()).toEqual([...initial.map((i) => i.id), ...results.slice(0, 20).map((r) => r.body.id)].sort());
      expect(new Set(after.map((i) => i.position)).size).toBe(25);
    });
  });

  describe(`[${tag}] concurrent deletes`, () => {
    it(`[${tag}] deleting one item several times at once succeeds once and closes the gap once`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      const [, b, c] = await seed(api, parentId, ["A", "B", "C", "D", "E"]);
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => api.delete(set.item(b.id))),
        ...Array.from({ length: 4 }, (_, i) => api.patch(set.item(c.id), { position: i % 2 ? 0 : 4 })),
        api.post(set.collection(parentId), { ...set.body("N"), position: 1 }),
      ]);
      expect(
        results
          .slice(0, 4)
          .map((r) => r.status)
          .sort(),
      ).toEqual([200, 404, 404, 404]);
      for (const res of results.slice(4, 8)) expectStatus(res, 200);
      expectStatus(results[8], 201);
      const after = await list(api, parentId);
      expect(after.map(set.label).sort()).toEqual(["A", "C", "D", "E", "N"]);
    });
  });

  describe(`[${tag}] pagination`, () => {
    it(`[${tag}] walking the list with limit=1 returns every item exactly once, in position order`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      await seed(api, parentId, ["A", "B", "C", "D"]);
      const walked = await walkList(api, set.collection(parentId), items);
      expect(walked.map(set.label)).toEqual(["A", "B", "C", "D"]);
      expect(walked.map((i) => i.position)).toEqual([0, 1, 2, 3]);
      expect(new Set(walked.map((i) => i.id)).size).toBe(4);

      const page = await api.get(`${set.collection(parentId)}?limit=2&offset=1`);
      expect(page.body).toMatchObject({ has_more: true, limit: 2, offset: 1 });
      expect(page.body[items].map(set.label)).toEqual(["B", "C"]);
      const tail = await api.get(`${set.collection(parentId)}?limit=2&offset=3`);
      expect(tail.body).toMatchObject({ has_more: false, limit: 2, offset: 3 });
      expect(tail.body[items].map(set.label)).toEqual(["D"]);
      const beyond = await api.get(`${set.collection(parentId)}?offset=10`);
      expect(beyond.body).toEqual({ [items]: [], has_more: false, limit: 500, offset: 10 });
    });

    it(`[${tag}] the list defaults to limit 500 and offset 0, and accepts limit 500`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      await seed(api, parentId, ["A"]);
      const res = await api.get(set.collection(parentId));
      expectStatus(res, 200);
      expect(Object.keys(res.body).sort()).toEqual([items, "has_more", "limit", "offset"].sort());
      expect(res.body).toMatchObject({ has_more: false, limit: 500, offset: 0 });
      const max = await api.get(`${set.collection(parentId)}?limit=500`);
      expectStatus(max, 200);
      expect(max.body.limit).toBe(500);
    });

    it(`[${tag}] limit 0, 501 or "abc" and offset -1 or "x" answer 400`, async () => {
      const { api } = await newUser(server);
      const { parentId } = await set.setup(api);
      for (const [query, path] of [
        ["limit=0", "limit"],
        ["limit=501", "limit"],
        ["limit=abc", "limit"],
        ["limit=1.5", "limit"],
        ["offset=-1", "offset"],
        ["offset=x", "offset"],
      ]) {
        expectValidation(await api.get(`${set.collection(parentId)}?${query}`), [path]);
      }
    });
  });
}
