/**
 * Courses leaving the app and coming back (issue 29): GET /courses/{courseId}/export and
 * POST /projects/{projectId}/import over HTTP. An exported archive imports as an equal course,
 * ids and times aside; a hostile or broken archive is refused with its reason and creates nothing;
 * the export streams (a 2,000-block course within 50 MB of extra memory).
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { loadCourseSnapshot } from "@/lib/authoring/exchange/snapshot";
import type { CourseSnapshot } from "@/lib/authoring/exchange/snapshot-types";
import { getDb } from "@/lib/db/client";
import { getStorage } from "@/lib/files/storage";
import { pngBytes, SVG_BYTES } from "@/lib/files/test-images";
import { bigCourse, download, exportUrl, type Owner, richCourse, streamExport, unzip } from "../exchange";
import {
  type Api,
  callerOf,
  createBlock,
  createCategory,
  createCourse,
  createLesson,
  createModule,
  createQuestionOfKind,
  createQuiz,
  newUserWithProject,
  seedTeamWithProject,
} from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart } from "../multipart";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const importArchive = (key: string, projectId: string, bytes: Uint8Array, filename = "course.zip") =>
  postMultipart(`${server.url}/api/authoring/projects/${projectId}/import`, key, { file: { bytes, filename, type: "application/zip" } });

type Entry = { name: string; data?: Buffer | string | (() => Readable); mode?: number; compress?: boolean };

/**
 * A zip made with yazl. yazl refuses unsafe names itself, so a hostile name is written as a
 * placeholder of the same length and swapped in the finished bytes (local header and central
 * directory both; the CRC does not cover names).
 */
async function makeZip(entries: Entry[], rename: Record<string, string> = {}): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) {
    const options = { compress: e.compress ?? true, ...(e.mode ? { mode: e.mode } : {}) };
    if (typeof e.data === "function") zip.addReadStream(e.data(), e.name, options);
    else zip.addBuffer(Buffer.from(e.data ?? ""), e.name, options);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(rename)) {
    expect(to.length).toBe(from.length);
    let at = bytes.indexOf(from);
    expect(at).toBeGreaterThan(-1);
    while (at !== -1) {
      bytes.write(to, at, "latin1");
      at = bytes.indexOf(from, at + 1);
    }
    bytes = Buffer.from(bytes);
  }
  return bytes;
}

/** What a project holds, counted in the database: an import refused must leave every count as it was. */
async function holdings(projectId: string) {
  const db = await getDb();
  const [courses, modules, questions, quizzes, categories, families, assets] = await Promise.all([
    db.course.count({ where: { projectId } }),
    db.module.count({ where: { course: { projectId } } }),
    db.question.count({ where: { projectId } }),
    db.quiz.count({ where: { projectId } }),
    db.category.count({ where: { projectId } }),
    db.questionFamily.count({ where: { projectId } }),
    db.asset.count(),
  ]);
  return { courses, modules, questions, quizzes, categories, families, assets };
}

/**
 * A JSON tree with each uuid replaced by the order it first appears in (so links between items are
 * compared, not their values) and creation and update times left out.
 */
function canonical(value: unknown): unknown {
  const labels = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v)) {
      if (!labels.has(v)) labels.set(v, `id#${labels.size}`);
      return labels.get(v);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k !== "created_at" && k !== "updated_at")
          .map(([k, x]) => [k, walk(x)]),
      );
    }
    return v;
  };
  return walk(value);
}

/** The course tree with every quiz its blocks show, and every category and family its questions name. */
async function courseWithBank(api: Api, courseId: string) {
  const tree = (await api.get(`/courses/${courseId}`)).body;
  const blocks = tree.modules.flatMap((m: { lessons: { blocks: { quiz_id: string | null; question: unknown }[] }[] }) =>
    m.lessons.flatMap((l) => l.blocks),
  );
  const quizzes = [];
  for (const b of blocks) if (b.quiz_id) quizzes.push((await api.get(`/quizzes/${b.quiz_id}`)).body);
  const questions = [...blocks.map((b: { question: unknown }) => b.question), ...quizzes.flatMap((q) => q.questions)].filter(Boolean);
  const categories = [];
  const families = [];
  for (const q of questions) {
    categories.push((await api.get(`/categories/${q.category_id}`)).body.name);
    if (q.question_family_id) {
      const { name, description } = (await api.get(`/question-families/${q.question_family_id}`)).body;
      families.push({ name, description });
    }
  }
  return { tree, quizzes, categories, families };
}

// ---------------------------------------------------------------------------------------------
describe("[ARCHIVE] streaming", () => {
  it("[ARCHIVE] exporting a course of 2,000 blocks stays within 50 MB of extra memory, streamed as it is made", async () => {
    const owner = await newUserWithProject(server);
    // 20 lessons of 100 blocks, each about 4 KB of text that does not compress away.
    const course = await bigCourse(owner);
    const streamed = await streamExport(server, owner.key, course.id, "format=archive");
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("content-length")).toBeNull();
    expect(streamed.received).toBeGreaterThan(6_000_000);
    expect(streamed.peakExtraMb).toBeLessThan(50);

    // And it comes back whole.
    const imported = await importArchive(owner.key, owner.projectId, (await download(server, owner.key, course.id)).bytes);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.summary).toMatchObject({ modules: 1, lessons: 20, blocks: 2000 });
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
describe("[ARCHIVE] export and import round trip", () => {
  it("[ARCHIVE] an exported course imports into another project as an equal course, field by field, ids and times aside", async () => {
    const owner = await newUserWithProject(server);
    const { course } = await richCourse(server, owner);
    const exported = await download(server, owner.key, course.id);
    expect(exported.status).toBe(200);

    const target = (await owner.api.post("/projects", { name: "Target", workspace_id: owner.personalWorkspace.id })).body.id;
    await createCourse(owner.api, target, { title: "Already there" });
    const before = await holdings(target);
    const res = await importArchive(owner.key, target, exported.bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The hosted image is on this server already: it is left as it is.
    expect(res.body.summary).toEqual({ modules: 2, lessons: 3, blocks: 16, questions: 3, quizzes: 1, assets: 0 });
    expect(res.body.course).toMatchObject({ project_id: target, title: course.title, position: 1, published_at: null, modules: null });
    expect(await holdings(target)).toEqual({
      ...before,
      courses: before.courses + 1,
      modules: before.modules + 2,
      questions: 3,
      quizzes: 1,
      categories: 1,
      families: 1,
    });

    const source = await courseWithBank(owner.api, course.id);
    const copy = await courseWithBank(owner.api, res.body.course.id);
    // A new draft at the end of its project; everything else as it was, lessons' publish states included.
    expect(copy.tree.published_at).toBeNull();
    expect(source.tree.published_at).not.toBeNull();
    const comparable = (c: typeof source) => canonical({ ...c, tree: { ...c.tree, position: null, published_at: null } });
    expect(comparable(copy)).toEqual(comparable(source));
    const lessons = (t: typeof source.tree) => t.modules.flatMap((m: { lessons: { published_at: string | null }[] }) => m.lessons);
    expect(lessons(copy.tree).map((l: { published_at: string | null }) => l.published_at)).toEqual(
      lessons(source.tree).map((l: { published_at: string | null }) => l.published_at),
    );
    expect(lessons(copy.tree)[1].published_at).toBeNull();
    // New items throughout: nothing of the source's bank is shared.
    const sourceIds = JSON.stringify(source).match(/[0-9a-f-]{36}/g)!;
    const copyText = JSON.stringify(copy);
    expect(sourceIds.filter((id) => copyText.includes(id) && !copyText.includes(`/api/files/${id}`))).toEqual([]);
  });

  it("[ARCHIVE] the archive holds course.json (format_version 1) and the hosted image's bytes under assets/", async () => {
    const owner = await newUserWithProject(server);
    const { course, image } = await richCourse(server, owner);
    const exported = await download(server, owner.key, course.id);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="?elan-triangles-circles-archive\.zip"?$/);
    const files = await unzip(exported.bytes);
    expect([...files.keys()]).toEqual(["course.json", `assets/${image.uuid}.png`]);
    expect(files.get(`assets/${image.uuid}.png`)!.equals(pngBytes(3, 2))).toBe(true);
    const json = JSON.parse(files.get("course.json")!.toString("utf8"));
    expect(json).toMatchObject({
      format: "coursewright-course-archive",
      format_version: 1,
      course: { id: course.id, title: course.title },
    });
    expect(json.assets).toEqual([{ uuid: image.uuid, path: `assets/${image.uuid}.png`, mime_type: "image/png" }]);
    // Every lesson, drafts included, each with its state.
    expect(json.modules[0].lessons.map((l: { published_at: string | null }) => l.published_at === null)).toEqual([false, true]);
  });

  it("[ARCHIVE] a hosted image this server lacks is stored under its own uuid, byte for byte; one it has is left", async () => {
    const owner = await newUserWithProject(server);
    const { course, image } = await richCourse(server, owner);
    const exported = await download(server, owner.key, course.id);
    // As on another server: the image's row and bytes are gone.
    const db = await getDb();
    const row = await db.asset.findUniqueOrThrow({ where: { uuid: image.uuid } });
    await db.asset.delete({ where: { uuid: image.uuid } });
    await getStorage().delete(row.storageKey);
    expect((await fetch(`${server.url}${image.url}`)).status).toBe(404);

    const res = await importArchive(owner.key, owner.projectId, exported.bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.summary.assets).toBe(1);
    const served = await fetch(`${server.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes(3, 2))).toBe(true);

    const again = await importArchive(owner.key, owner.projectId, exported.bytes);
    expect(again.status).toBe(201);
    expect(again.body.summary.assets).toBe(0);
  });

  it("[ARCHIVE] importing into the same project re-creates the questions and quizzes instead of merging, sharing the category by name", async () => {
    const owner = await newUserWithProject(server);
    const { course, quiz } = await richCourse(server, owner);
    const before = await holdings(owner.projectId);
    const res = await importArchive(owner.key, owner.projectId, (await download(server, owner.key, course.id)).bytes);
    expect(res.status).toBe(201);
    expect(await holdings(owner.projectId)).toMatchObject({
      courses: before.courses + 1,
      questions: before.questions + 3,
      quizzes: before.quizzes + 1,
      categories: before.categories,
      families: before.families + 1,
    });
    const copy = await courseWithBank(owner.api, res.body.course.id);
    expect(copy.quizzes[0].id).not.toBe(quiz.id);
    expect(copy.quizzes[0].title).toBe(quiz.title);
  });
});

// ---------------------------------------------------------------------------------------------
describe("[ARCHIVE] what an export holds", () => {
  it("[ARCHIVE] a block whose question or quiz is in the trash names none, and a quiz keeps only its undeleted questions", async () => {
    const owner = await newUserWithProject(server);
    const { api, projectId } = owner;
    const category = await createCategory(api, projectId);
    const kept = await createQuestionOfKind(api, projectId, category.id, "single");
    const trashed = await createQuestionOfKind(api, projectId, category.id, "true_false");
    const quiz = await createQuiz(api, projectId, [trashed.id, kept.id]);
    const goneQuiz = await createQuiz(api, projectId, [kept.id], "Gone");
    const course = await createCourse(api, projectId);
    const lesson = await createLesson(api, (await createModule(api, course.id)).id);
    await createBlock(api, lesson.id, { type: "question", question_id: trashed.id, question_role: "review" });
    await createBlock(api, lesson.id, { type: "quiz", quiz_id: quiz.id });
    await createBlock(api, lesson.id, { type: "quiz", quiz_id: goneQuiz.id });
    expect((await api.delete(`/questions/${trashed.id}`)).status).toBe(200);
    expect((await api.delete(`/quizzes/${goneQuiz.id}`)).status).toBe(200);

    const files = await unzip((await download(server, owner.key, course.id)).bytes);
    const json = JSON.parse(files.get("course.json")!.toString("utf8"));
    const blocks = json.modules[0].lessons[0].blocks;
    expect(blocks.map((b: { question_id: string | null; quiz_id: string | null }) => [b.question_id, b.quiz_id])).toEqual([
      [null, null],
      [null, quiz.id],
      [null, null],
    ]);
    expect(json.quizzes).toEqual([{ id: quiz.id, title: quiz.title, pass_percentage: 70, question_ids: [kept.id] }]);
    expect(json.questions.map((q: { id: string }) => q.id)).toEqual([kept.id]);

    // As an archive written before quizzes had a pass mark: it imports, with the default.
    delete json.quizzes[0].pass_percentage;
    const res = await importArchive(owner.key, projectId, await makeZip([{ name: "course.json", data: JSON.stringify(json) }]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.summary).toMatchObject({ blocks: 3, questions: 1, quizzes: 1 });
    const [imported] = (await api.get(`/projects/${projectId}/quizzes`)).body.quizzes;
    expect(imported).toMatchObject({ title: quiz.title, pass_percentage: 70 });
    expect(imported.id).not.toBe(quiz.id);
  });

  it("[ARCHIVE] a package takes the lessons learners see, or every lesson with include_drafts; a learner may not read it", async () => {
    const team = await seedTeamWithProject(server);
    const api = team.author.api;
    const course = await createCourse(api, team.projectId);
    const mod = await createModule(api, course.id);
    const shown = await createLesson(api, mod.id, { title: "Shown" });
    const hidden = await createLesson(api, mod.id, { title: "Hidden" });
    await createBlock(api, shown.id);
    await createBlock(api, hidden.id);
    expect((await api.post(`/courses/${course.id}/publish`)).status).toBe(200);
    expect((await api.post(`/lessons/${hidden.id}/unpublish`)).status).toBe(200);
    const db = await getDb();
    const titles = (s: CourseSnapshot) => s.modules.flatMap((m) => m.lessons.map((l) => l.title));
    expect(titles(await loadCourseSnapshot(db, callerOf(team.author), course.id, "visible"))).toEqual(["Shown"]);
    expect(titles(await loadCourseSnapshot(db, callerOf(team.admin), course.id, "all"))).toEqual(["Shown", "Hidden"]);
    await expect(loadCourseSnapshot(db, callerOf(team.learner), course.id, "visible")).rejects.toMatchObject({ code: "not_found" });
  });

  it("[ARCHIVE] a failure after the download began breaks it rather than ending a zip that looks whole", async () => {
    const owner = await newUserWithProject(server);
    const { course, image } = await richCourse(server, owner);
    // The image's row stays, its bytes are gone: the export fails when it reaches them.
    const row = await (await getDb()).asset.findUniqueOrThrow({ where: { uuid: image.uuid } });
    await getStorage().delete(row.storageKey);
    const res = await fetch(exportUrl(server, course.id, "format=archive"), { headers: { authorization: `Bearer ${owner.key}` } });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
describe("[ARCHIVE] who may export and import", () => {
  it("[ARCHIVE] another user's key gets 404 on both endpoints, and a learner gets 404 too", async () => {
    const owner = await newUserWithProject(server);
    const course = await createCourse(owner.api, owner.projectId);
    const other = await newUserWithProject(server);
    expect((await download(server, other.key, course.id)).status).toBe(404);
    const archive = (await download(server, owner.key, course.id)).bytes;
    const before = await holdings(owner.projectId);
    const res = await importArchive(other.key, owner.projectId, archive);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect(await holdings(owner.projectId)).toEqual(before);

    const team = await seedTeamWithProject(server);
    const published = await createCourse(team.admin.api, team.projectId);
    expect((await team.admin.api.post(`/courses/${published.id}/publish`)).status).toBe(200);
    expect((await download(server, team.learner.key, published.id)).status).toBe(404);
    expect((await download(server, team.learner.key, published.id, "format=scorm12")).status).toBe(404);
    const teamArchive = (await download(server, team.author.key, published.id)).bytes;
    expect((await importArchive(team.learner.key, team.projectId, teamArchive)).status).toBe(404);
    expect((await importArchive(team.author.key, team.projectId, teamArchive)).status).toBe(201);
  });

  it("[ARCHIVE] an unknown format is 400; a package of an unpublished course is 409 unless include_drafts", async () => {
    const owner = await newUserWithProject(server);
    const course = await createCourse(owner.api, owner.projectId);
    const unknown = await owner.api.get(`/courses/${course.id}/export?format=zip`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("validation_error");
    expect((await owner.api.get(`/courses/${course.id}/export`)).status).toBe(400);
    for (const format of ["scorm12", "scorm2004", "cmi5"]) {
      const res = await owner.api.get(`/courses/${course.id}/export?format=${format}`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("not_editable");
      expect(res.body.error).toMatch(/not published.*include_drafts=true/);
    }
    // The archive always takes every lesson: a draft course exports.
    expect((await download(server, owner.key, course.id)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
describe("[ARCHIVE] refusing bad archives", () => {
  /** A valid archive's course.json, to spoil one field at a time. */
  async function validCourseJson(owner: Owner) {
    const { course } = await richCourse(server, owner);
    const files = await unzip((await download(server, owner.key, course.id)).bytes);
    return { json: JSON.parse(files.get("course.json")!.toString("utf8")), files };
  }

  const withJson = (json: unknown, extra: Entry[] = []) => makeZip([{ name: "course.json", data: JSON.stringify(json) }, ...extra]);

  /** Imports `bytes` and expects a refusal with `status` and a reason matching `reason`; nothing may be created. */
  async function expectRefused(owner: Owner, bytes: Uint8Array, status: number, reason: RegExp) {
    const before = await holdings(owner.projectId);
    const res = await importArchive(owner.key, owner.projectId, bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.code).toBe(status === 413 ? "payload_too_large" : "validation_error");
    expect(JSON.stringify(res.body)).toMatch(reason);
    expect(await holdings(owner.projectId)).toEqual(before);
  }

  it("[ARCHIVE] paths out of the archive, absolute paths, backslashes, symlinks and duplicate names are refused", async () => {
    const owner = await newUserWithProject(server);
    const { json } = await validCourseJson(owner);
    const good = { name: "course.json", data: JSON.stringify(json) };
    await expectRefused(
      owner,
      await makeZip([good, { name: "xx/evil.txt", data: "x" }], { "xx/evil.txt": "../evil.txt" }),
      400,
      /leaves it/,
    );
    await expectRefused(
      owner,
      await makeZip([good, { name: "q/etc/passwd", data: "x" }], { "q/etc/passwd": "//etc/passwd" }),
      400,
      /absolute path/,
    );
    await expectRefused(owner, await makeZip([good, { name: "a_b.txt", data: "x" }], { "a_b.txt": "a\\b.txt" }), 400, /backslash/);
    await expectRefused(owner, await makeZip([good, { name: "link", data: "/etc/passwd", mode: 0o120777 }]), 400, /symbolic link/);
    await expectRefused(
      owner,
      await makeZip([good, { name: "course.jsoX", data: JSON.stringify(json) }], { "course.jsoX": "course.json" }),
      400,
      /twice/,
    );
  });

  it("[ARCHIVE] more than 10,000 entries, more than 200 MB inflated and a zip bomb's ratio are refused", async () => {
    const owner = await newUserWithProject(server);
    const { json } = await validCourseJson(owner);
    const many: Entry[] = Array.from({ length: 10_001 }, (_, i) => ({ name: `e/${i}`, compress: false }));
    await expectRefused(owner, await withJson(json, many), 400, /10002 entries; at most 10000 are read/);
    // 201 MB of zeros deflate to about 200 KB: made as a stream, never whole in memory.
    const zeros = (megabytes: number) => () =>
      Readable.from(
        (function* () {
          for (let i = 0; i < megabytes; i++) yield Buffer.alloc(1024 * 1024);
        })(),
      );
    await expectRefused(owner, await withJson(json, [{ name: "assets/big.bin", data: zeros(201) }]), 413, /more than 200 MB/);
    await expectRefused(owner, await withJson(json, [{ name: "assets/bomb.bin", data: zeros(5) }]), 400, /more than 100 times/);
    // A header that declares less than the entry holds: the bytes are counted as they inflate, not trusted.
    const lying = await withJson(json);
    lying.writeUInt32LE(100, lying.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])) + 22);
    lying.writeUInt32LE(100, lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    await expectRefused(owner, lying, 400, /does not inflate to the size its header declares/);
  }, 120_000);

  it("[ARCHIVE] a future format_version, a missing or malformed course.json, unknown block types and missing references are refused", async () => {
    const owner = await newUserWithProject(server);
    const { json } = await validCourseJson(owner);
    await expectRefused(owner, await withJson({ ...json, format_version: 2 }), 400, /format_version is 2; this server reads version 1/);
    await expectRefused(owner, await makeZip([{ name: "readme.txt", data: "hello" }]), 400, /no course.json/);
    await expectRefused(owner, await makeZip([{ name: "course.json", data: "{not json" }]), 400, /not valid JSON/);
    await expectRefused(owner, await withJson({ ...json, modules: "none" }), 400, /modules/);
    await expectRefused(owner, await withJson({ ...json, course: { ...json.course, title: "" } }), 400, /course\.title/);

    const spoil = (edit: (j: typeof json) => void) => {
      const copy = structuredClone(json);
      edit(copy);
      return withJson(copy);
    };
    await expectRefused(
      owner,
      await spoil((j) => (j.modules[0].lessons[0].blocks[0].type = "hologram")),
      400,
      /Unknown block type \\"hologram\\"/,
    );
    await expectRefused(
      owner,
      await spoil((j) => (j.modules[0].lessons[0].blocks[0].content = { body: "x".repeat(200_001) })),
      400,
      /At most 200000 bytes/,
    );
    await expectRefused(owner, await spoil((j) => (j.questions = j.questions.slice(1))), 400, /is not in the archive/);
    await expectRefused(owner, await spoil((j) => (j.quizzes = [])), 400, /Quiz [0-9a-f-]{36} is not in the archive/);
    await expectRefused(owner, await spoil((j) => (j.categories = [])), 400, /Category [0-9a-f-]{36} is not in the archive/);
  });

  it("[ARCHIVE] an asset that is an SVG, or missing from the zip, is refused", async () => {
    const owner = await newUserWithProject(server);
    const { json, files } = await validCourseJson(owner);
    const asset = json.assets[0];
    // As from another server: this one does not have the image.
    const db = await getDb();
    await db.asset.delete({ where: { uuid: asset.uuid } });
    await expectRefused(owner, await withJson(json, [{ name: asset.path, data: SVG_BYTES }]), 400, /not a PNG, JPEG, GIF or WebP/);
    await expectRefused(owner, await withJson(json), 400, /listed in course.json but not in the archive/);
    // The same archive with its image imports.
    const res = await importArchive(owner.key, owner.projectId, await withJson(json, [{ name: asset.path, data: files.get(asset.path)! }]));
    expect(res.status).toBe(201);
  });

  it("[ARCHIVE] an upload that is not a zip is 400, one over 50 MB is 413, and a form without the file is 400", async () => {
    const owner = await newUserWithProject(server);
    await expectRefused(owner, Buffer.from("PK but not really a zip archive"), 400, /not a zip archive/);
    await expectRefused(owner, randomBytes(50 * 1024 * 1024 + 1), 413, /larger than 50 MB/);
    const before = await holdings(owner.projectId);
    const res = await postMultipart(`${server.url}/api/authoring/projects/${owner.projectId}/import`, owner.key, { archive: "x" });
    expect(res.status).toBe(400);
    expect(await holdings(owner.projectId)).toEqual(before);
  });
});
