/**
 * Courses leaving the app over real HTTP (issue 29): downloading an export, reading its zip, and
 * the courses the exchange tests export (one with every block type, one of thousands of blocks).
 * Shared by test/integration/course-archive.test.ts and course-packages.test.ts.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { pngBytes } from "@/lib/files/test-images";
import {
  createBlock,
  createCategory,
  createCourse,
  createFamily,
  createLesson,
  createModule,
  createQuestionOfKind,
  createQuiz,
  type newUserWithProject,
} from "./factories";
import type { TestServer } from "./http-server";
import { postMultipart } from "./multipart";

// One unzip for every exchange test: the package unit tests' own.
export { unzip } from "./package-fixtures";

export type Owner = Awaited<ReturnType<typeof newUserWithProject>>;

export const exportUrl = (server: TestServer, courseId: string, query: string) =>
  `${server.url}/api/authoring/courses/${courseId}/export?${query}`;

/** GET the export as raw bytes. */
export async function download(server: TestServer, key: string, courseId: string, query = "format=archive") {
  const res = await fetch(exportUrl(server, courseId, query), { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * GET the export and read it as it arrives, counting, keeping nothing (so the client's share of
 * the memory stays small), with the test process's peak RSS above what it was before the request.
 * The server runs in this process: its share is what the figure measures.
 */
export async function streamExport(server: TestServer, key: string, courseId: string, query: string) {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const res = await fetch(exportUrl(server, courseId, query), { headers: { authorization: `Bearer ${key}` } });
  let received = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { status: res.status, headers: res.headers, received, peakExtraMb: (peak - baseline) / (1024 * 1024) };
}

/** Uploads a PNG as a hosted file of the app (/api/files/<uuid>). */
export async function hostImage(server: TestServer, key: string, bytes: Buffer) {
  const res = await postMultipart(`${server.url}/api/proposals/v3/images`, key, {
    file: { bytes, filename: "photo.png", type: "image/png" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { uuid: string; url: string };
}

/** The block types richCourse's first lesson holds, in order. */
export const RICH_BLOCK_TYPES = [
  "text",
  "example",
  "scenario",
  "glossary",
  "image",
  "image",
  "image",
  "video",
  "diagram",
  "interactive",
  "visual",
  "question",
  "quiz",
] as const;

/**
 * A published course with a block of every type, two modules, a published and a draft lesson,
 * questions of each kind (one in a family, one in a quiz and in a question block both), a quiz, a
 * hosted image, an external image (example.com) and an SVG.
 */
export async function richCourse(server: TestServer, owner: Owner) {
  const { api, projectId } = owner;
  const category = await createCategory(api, projectId, "Geometry");
  const family = await createFamily(api, projectId, "Angles");
  const single = await createQuestionOfKind(api, projectId, category.id, "single", { question_family_id: family.id, prompt: "Pick one" });
  const multiple = await createQuestionOfKind(api, projectId, category.id, "multiple");
  const trueFalse = await createQuestionOfKind(api, projectId, category.id, "true_false");
  const quiz = await createQuiz(api, projectId, [multiple.id, single.id], "End of module");
  // A pass mark of its own, so a copy that dropped it would differ (decision 066).
  await api.patch(`/quizzes/${quiz.id}`, { pass_percentage: 85 });
  const image = await hostImage(server, owner.key, pngBytes(3, 2));

  const course = await createCourse(api, projectId, {
    title: "Élan: Triangles & Circles",
    description: "Shapes, angles and more",
    sources: [{ title: "Euclid", url: "https://example.com/euclid", last_edited: "2026-01-02" }],
  });
  const first = await createModule(api, course.id, { title: "Triangles" });
  const second = await createModule(api, course.id, { title: "Circles" });
  const intro = await createLesson(api, first.id, { title: "Intro" });
  const draft = await createLesson(api, first.id, { title: "Work in progress" });
  const circles = await createLesson(api, second.id, { title: "Radius" });
  const blocks: Record<string, unknown>[] = [
    { type: "text", content: { body: "# Triangles\n\nThree sides." } },
    { type: "example", content: { body: "A 3-4-5 triangle" } },
    { type: "scenario", content: { body: "You measure a roof", reveal: "It is 30°" } },
    { type: "glossary", content: { title: "Words", terms: [{ term: "Hypotenuse", definition: "The long side" }] } },
    { type: "image", content: { source: { type: "url", url: image.url }, alt: "A hosted triangle", caption: "Ours" } },
    { type: "image", content: { source: { type: "url", url: "https://example.com/t.png" }, alt: "Elsewhere", caption: "" } },
    { type: "image", content: { source: { type: "svg", code: "<svg xmlns='http://www.w3.org/2000/svg'/>" }, alt: "Drawn", caption: "" } },
    { type: "video", content: { source: { type: "youtube", id: "dQw4w9WgXcQ", start: 12 }, title: "Talk", caption: "" } },
    { type: "diagram", content: { source: { type: "mermaid", code: "graph TD; A-->B" }, caption: "Flow" } },
    { type: "interactive", content: { source: { type: "html", code: "<p>Hi</p>" }, title: "Try", caption: "", height: 300 } },
    { type: "visual", content: { prompt: "A right angle", status: "pending" } },
    { type: "question", question_id: single.id, question_role: "checkpoint" },
    { type: "quiz", quiz_id: quiz.id },
  ];
  for (const block of blocks) await createBlock(api, intro.id, block);
  await createBlock(api, draft.id, { type: "question", question_id: trueFalse.id, question_role: "practice" });
  await createBlock(api, draft.id, { type: "text", content: null });
  await createBlock(api, circles.id, { type: "text", content: { body: "π r²" } });
  expect((await api.post(`/courses/${course.id}/publish`)).status).toBe(200);
  expect((await api.post(`/lessons/${draft.id}/unpublish`)).status).toBe(200);
  return { course, image, quiz, category, family, lessons: { intro, draft, circles } };
}

/**
 * A draft course of one module with `lessons` lessons of `blocksPerLesson` text blocks, each about
 * 4 KB that does not compress away; the blocks are written straight to the database (thousands of
 * API calls would only slow the test).
 */
export async function bigCourse(owner: Owner, lessons = 20, blocksPerLesson = 100) {
  const course = await createCourse(owner.api, owner.projectId, { title: "Big" });
  const mod = await createModule(owner.api, course.id);
  const created = [];
  for (let i = 0; i < lessons; i++) created.push(await createLesson(owner.api, mod.id, { title: `Lesson ${i}` }));
  const db = await getDb();
  await db.block.createMany({
    data: created.flatMap((lesson, i) =>
      Array.from({ length: blocksPerLesson }, (_, position) => ({
        lessonId: lesson.id,
        type: "text",
        position,
        content: { body: `${i}:${position} ${randomBytes(3000).toString("base64")}` },
      })),
    ),
  });
  return course;
}
