/**
 * The project read splices each course's cached rendering at the course's own version
 * (lib/authoring/tree-fragments.ts): after any sequence of writes, of every kind and by any path,
 * what it answers must be the very bytes a build without the cache answers (TREE_CACHE_MB=0), with
 * the same entity tag, for authors and learners, and the same for GET /courses/{id}. The writes
 * are drawn from a seeded generator, so a failure names its seed and step and replays exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Project } from "@/lib/authoring/projects/schemas";
import { getDb, onStatement } from "@/lib/db/client";
import {
  authoringUrl,
  callerOf,
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createProject,
  createQuestionOfKind,
  createQuiz,
  type Member,
  seedTeam,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { getProject } from "../oracles/hierarchy";
import { mulberry32 } from "../seeded-random";

// Some 3,000 requests from one key and address in a minute: lift the API's limits for this file.
process.env.API_RATE_LIMIT = "100000";
process.env.API_RATE_LIMIT_PER_ADDRESS = "100000";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SEED = 48;
// 114 writes (6 rounds of the 19 kinds) in the suite; `npm run test:reliability -- --heavy` makes it 400 (TREE_WRITES).
const STEPS = Number(process.env.TREE_WRITES || 114);

function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: T[]): T | undefined => (items.length ? items[int(items.length)] : undefined);
  return { next, int, pick };
}

type BlockNode = { id: string };
type LessonNode = { id: string; published_at: string | null; blocks: BlockNode[] };
type ModuleNode = { id: string; lessons: LessonNode[] };
type CourseNode = { id: string; published_at: string | null; modules: ModuleNode[] };

/** A read's bytes and tag, as the client gets them. */
async function rawRead(m: Member, path: string) {
  const res = await fetch(`${authoringUrl(server)}${path}`, { headers: { authorization: `Bearer ${m.key}` } });
  return { status: res.status, etag: res.headers.get("etag"), text: await res.text() };
}

/** The same read built without the cache: TREE_CACHE_MB=0 for that request alone. */
async function coldRead(m: Member, path: string) {
  const saved = process.env.TREE_CACHE_MB;
  process.env.TREE_CACHE_MB = "0";
  try {
    return await rawRead(m, path);
  } finally {
    if (saved === undefined) delete process.env.TREE_CACHE_MB;
    else process.env.TREE_CACHE_MB = saved;
  }
}

describe("[TREE FRAGMENTS] the spliced project read after random writes", () => {
  it(`answers the bytes and tag of a build without the cache, for authors and learners, after ${STEPS} writes of every kind (seed ${SEED})`, async () => {
    const team = await seedTeam(server);
    const { author, learner } = team;
    const api = author.api;
    const project = await createProject(api, { name: "Fragments", workspace_id: team.workspace.id });
    const category = await createCategory(api, project.id);
    const questions = [await createQuestionOfKind(api, project.id, category.id), await createQuestionOfKind(api, project.id, category.id)];
    const quiz = await createQuiz(api, project.id, [questions[0].id]);
    for (let c = 0; c < 3; c++) {
      const course = await createCourse(api, project.id, { title: `Course ${c}` });
      for (let m = 0; m < 2; m++) {
        const mod = await createModule(api, course.id, { title: `Module ${c}.${m}` });
        for (let l = 0; l < 2; l++) {
          const lesson = await createLesson(api, mod.id, { title: `Lesson ${c}.${m}.${l}` });
          await createBlock(api, lesson.id, { type: "text", content: { body: `Text ${c}.${m}.${l}` } });
          // Questions and the quiz are shown in several courses: editing one changes them all.
          await createBlock(api, lesson.id, { type: "question", question_id: questions[(c + l) % 2].id, question_role: "practice" });
          if (l === 0) await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id });
        }
      }
      if (c < 2) expect((await api.post(`/courses/${course.id}/publish`, {})).status).toBe(200);
    }

    const rand = generator(SEED);
    const trash: { kind: string; id: string }[] = [];
    const done = new Map<string, number>();
    const db = await getDb();
    let tree = (await api.get(`/projects/${project.id}`)).body.courses as CourseNode[];
    const lessons = () => tree.flatMap((c) => c.modules.flatMap((m) => m.lessons.map((l) => ({ ...l, course: c.id, module: m.id }))));
    const modules = () => tree.flatMap((c) => c.modules.map((m) => ({ ...m, course: c.id })));
    const blocks = () => lessons().flatMap((l) => l.blocks.map((b) => ({ ...b, lesson: l.id, course: l.course })));
    /** Statements in one transaction, as another instance would send them. */
    const raw = async (statements: ReturnType<typeof db.$executeRaw>[]) => {
      await db.$transaction(statements);
      return { status: 200 };
    };
    const toTrash = async (kind: string, id: string | undefined) => {
      if (!id) return;
      const res = await api.delete(`/${kind}s/${id}`);
      if (res.status === 200) trash.push({ kind, id });
      return res;
    };

    // Each kind of write, by the API or, for moves the API does not offer, straight in the database.
    const writes: Record<string, () => Promise<{ status: number } | undefined>> = {
      insertBlock: async () => {
        const lesson = rand.pick(lessons());
        if (lesson)
          return api.post(`/lessons/${lesson.id}/blocks`, {
            type: "text",
            position: rand.int(4),
            content: { body: `new ${rand.int(1e6)}` },
          });
      },
      updateBlock: async () => {
        const block = rand.pick(blocks());
        if (block) return api.patch(`/blocks/${block.id}`, { content: { body: `edited ${rand.int(1e6)}` } });
      },
      moveBlockAcrossLessons: async () => {
        const block = rand.pick(blocks());
        const to = block && rand.pick(lessons().filter((l) => l.course === block.course && l.id !== block.lesson));
        if (to) return api.patch(`/blocks/${block.id}`, { lesson_id: to.id, position: rand.int(3) });
      },
      reorderBlock: async () => {
        const block = rand.pick(blocks());
        if (block) return api.patch(`/blocks/${block.id}`, { position: rand.int(4) });
      },
      moveLessonAcrossModules: async () => {
        // A lesson whose course has another module to go to.
        const lesson = rand.pick(lessons().filter((l) => modules().some((m) => m.course === l.course && m.id !== l.module)));
        const to = lesson && rand.pick(modules().filter((m) => m.course === lesson.course && m.id !== lesson.module));
        if (to) return api.patch(`/lessons/${lesson.id}`, { module_id: to.id, position: rand.int(3) });
      },
      // Another instance, a script or an import may move rows between courses: only the database knows.
      moveLessonAcrossCourses: async () => {
        const lesson = rand.pick(lessons());
        const to = lesson && rand.pick(modules().filter((m) => m.course !== lesson.course));
        if (!to) return;
        return raw([
          db.$executeRaw`UPDATE lessons SET position = position - 1 WHERE module_id = ${lesson.module}::uuid AND deleted_at IS NULL
              AND position > (SELECT position FROM lessons WHERE id = ${lesson.id}::uuid)`,
          db.$executeRaw`UPDATE lessons SET module_id = ${to.id}::uuid,
              position = (SELECT count(*) FROM lessons WHERE module_id = ${to.id}::uuid AND deleted_at IS NULL) WHERE id = ${lesson.id}::uuid`,
        ]);
      },
      moveModuleAcrossCourses: async () => {
        const mod = rand.pick(modules());
        const to = mod && rand.pick(tree.filter((c) => c.id !== mod.course));
        if (!to) return;
        return raw([
          db.$executeRaw`UPDATE modules SET position = position - 1 WHERE course_id = ${mod.course}::uuid AND deleted_at IS NULL
              AND position > (SELECT position FROM modules WHERE id = ${mod.id}::uuid)`,
          db.$executeRaw`UPDATE modules SET course_id = ${to.id}::uuid,
              position = (SELECT count(*) FROM modules WHERE course_id = ${to.id}::uuid AND deleted_at IS NULL) WHERE id = ${mod.id}::uuid`,
        ]);
      },
      reorderLesson: async () => {
        const lesson = rand.pick(lessons());
        if (lesson) return api.patch(`/lessons/${lesson.id}`, { position: rand.int(3) });
      },
      reorderModule: async () => {
        const mod = rand.pick(modules());
        if (mod) return api.patch(`/modules/${mod.id}`, { position: rand.int(3) });
      },
      reorderCourse: async () => {
        const course = rand.pick(tree);
        if (course) return api.patch(`/courses/${course.id}`, { position: rand.int(4) });
      },
      renameLesson: async () => {
        const lesson = rand.pick(lessons());
        if (lesson) return api.patch(`/lessons/${lesson.id}`, { title: `Renamed ${rand.int(1e6)}` });
      },
      publishLesson: async () => {
        const lesson = rand.pick(lessons());
        if (lesson) return api.post(`/lessons/${lesson.id}/${lesson.published_at ? "unpublish" : "publish"}`, {});
      },
      publishCourse: async () => {
        const course = rand.pick(tree);
        if (course) return api.post(`/courses/${course.id}/${course.published_at ? "unpublish" : "publish"}`, {});
      },
      deleteBlock: async () => toTrash("block", rand.pick(blocks())?.id),
      deleteLesson: async () => toTrash("lesson", rand.pick(lessons())?.id),
      deleteModule: async () => toTrash("module", rand.pick(modules())?.id),
      deleteCourse: async () => (tree.length > 1 ? toTrash("course", rand.pick(tree)?.id) : undefined),
      restore: async () => {
        const item = trash.length ? trash.splice(rand.int(trash.length), 1)[0] : undefined;
        if (item) return api.post(`/projects/${project.id}/trash/restore`, item);
      },
      createCourse: async () => {
        const course = await createCourse(api, project.id, { title: `Created ${rand.int(1e6)}`, position: rand.int(4) });
        const mod = await createModule(api, course.id);
        await createLesson(api, mod.id);
        return { status: 201 };
      },
      updateQuestion: async () => {
        const question = rand.pick(questions)!;
        return api.patch(`/questions/${question.id}`, { prompt: `Prompt ${rand.int(1e6)}` });
      },
      updateQuiz: async () => api.patch(`/quizzes/${quiz.id}`, { title: `Quiz ${rand.int(1e6)}` }),
    };
    const kinds = Object.keys(writes);

    const paths = () => [`/projects/${project.id}`, `/projects/${project.id}/outline`];
    // Fill the cache: every later read splices what is still current.
    for (const reader of [author, learner]) for (const path of paths()) await rawRead(reader, path);

    let round = kinds;
    const shuffled = (items: string[]) =>
      items
        .map((item) => [rand.int(1e9), item] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, item]) => item);
    for (let step = 0; step < STEPS; step++) {
      // Every kind once per round, in a seeded order: each is drawn STEPS / 19 times or more.
      if (step % kinds.length === 0) round = shuffled(kinds);
      const kind = round[step % kinds.length];
      const at = `seed ${SEED}, step ${step}: ${kind}`;
      const res = await writes[kind]();
      if (res) expect(res.status, at).toBeLessThan(500);
      if (res && res.status < 300) done.set(kind, (done.get(kind) ?? 0) + 1);

      for (const reader of [author, learner]) {
        const course = rand.pick(tree);
        for (const path of [...paths(), ...(course ? [`/courses/${course.id}`] : [])]) {
          const cached = await rawRead(reader, path);
          const cold = await coldRead(reader, path);
          expect(cached.status, `${at}, ${path}`).toBe(cold.status);
          expect(cached.etag, `${at}, ${path}`).toBe(cold.etag);
          expect(cached.text, `${at}, ${path}`).toBe(cold.text);
        }
      }
      tree = (await api.get(`/projects/${project.id}`)).body.courses;
    }

    // The cold build itself is what the object path answers (the tree-json test holds them equal field for field).
    for (const reader of [author, learner]) {
      const read = JSON.parse((await rawRead(reader, `/projects/${project.id}`)).text);
      expect(read).toEqual(JSON.parse(JSON.stringify(Project.parse(await getProject(db, callerOf(reader), project.id)))));
    }
    // Every kind of write was drawn and done, several times.
    for (const kind of kinds) expect(done.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(3);
  }, 600_000);

  it("rebuilds only the course a block edit touched: the next read's statements name that course alone", async () => {
    const team = await seedTeam(server);
    const api = team.author.api;
    const project = await createProject(api, { name: "One course rebuilt", workspace_id: team.workspace.id });
    const blocks: { course: string; block: string }[] = [];
    for (let c = 0; c < 3; c++) {
      const course = await createCourse(api, project.id, { title: `Course ${c}` });
      const lesson = await createLesson(api, (await createModule(api, course.id)).id);
      blocks.push({ course: course.id, block: (await createBlock(api, lesson.id)).id });
    }
    const path = `/projects/${project.id}`;
    const before = await rawRead(team.author, path);
    expect((await api.patch(`/blocks/${blocks[1].block}`, { content: { body: "edited" } })).status).toBe(200);

    const seen: { query: string; params: string }[] = [];
    let counting = true;
    await onStatement((e) => {
      if (counting) seen.push({ query: e.query, params: e.params });
    });
    const after = await rawRead(team.author, path);
    counting = false;
    expect(after.etag).not.toBe(before.etag);
    expect(after.text).toBe((await coldRead(team.author, path)).text);
    const builds = seen.filter((s) => s.query.includes("FROM blocks b"));
    expect(builds, seen.map((s) => s.query).join("\n")).toHaveLength(1);
    const named = (builds[0].params.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []).sort();
    expect(named).toEqual([blocks[1].course]);
  }, 120_000);
});
