/**
 * The agents' way to move a course (docs/decisions/046-export-links.md): export_course answers a
 * signed link valid for 15 minutes, GET /exports/{token} streams the export it names, and
 * import_course reads an archive from such a link, another server, or a file the caller uploaded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_LINK_TTL_SECONDS, signExportToken } from "@/lib/authoring/exchange/export-link-token";
import { getDb } from "@/lib/db/client";
import { unsubscribeToken } from "@/lib/notifications/unsubscribe-token";
import { recordAsset, storeFile } from "@/lib/proposals/images/host-file";
import { setWorkspaceMember } from "@/lib/workspaces/manage-workspaces";
import { withSettings } from "../accounts";
import { expectNotFound, expectStatus, expectValidation, ISO_RE, NO_SUCH_ID } from "../expect";
import { type Api, createBlock, createCourse, createLesson, createModule, newUserWithProject, seedTeamWithProject } from "../factories";
import { startTestServer, type TestServer } from "../http-server";

let server: TestServer;
let savedAppUrl: string | undefined;
beforeAll(async () => {
  server = await startTestServer();
  // Links are made on APP_URL: here, the test server, so they can be opened as a client would.
  savedAppUrl = process.env.APP_URL;
  process.env.APP_URL = server.url;
});
afterAll(async () => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
  await server.close();
});

const EXPORTS = "/api/authoring/exports/";
const ARCHIVE = { format: "archive" } as const;
const DEFAULT_OPTIONS = { format: "archive", include_drafts: false, completion: "viewed", passing_score: 80, image_links: false } as const;

/** A course with one module, two lessons and a text block each; published when asked. */
async function courseOf(api: Api, projectId: string, { title = "Safety at Work", published = false } = {}) {
  const course = await createCourse(api, projectId, { title });
  const mod = await createModule(api, course.id, { title: "Basics" });
  for (const lessonTitle of ["Hazards", "Reporting"]) {
    const lesson = await createLesson(api, mod.id, { title: lessonTitle });
    await createBlock(api, lesson.id, { type: "text", content: { body: `About ${lessonTitle.toLowerCase()}` } });
  }
  if (published) expectStatus(await api.post(`/courses/${course.id}/publish`), 200);
  return course as { id: string; title: string };
}

async function linkOf(api: Api, courseId: string, body: Record<string, unknown> = ARCHIVE) {
  const res = await api.post(`/courses/${courseId}/export-link`, body);
  expectStatus(res, 200);
  return res.body as { url: string; expires_at: string; format: string; filename: string };
}

/** Opens a link as anyone would: no key, no cookie. */
async function open(url: string) {
  const res = await fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: unknown;
  if (!res.headers.get("content-type")?.includes("zip")) body = JSON.parse(new TextDecoder().decode(bytes));
  return { status: res.status, headers: res.headers, bytes, body: body as any };
}

const tokenOf = (url: string) => new URL(url).pathname.slice(EXPORTS.length);
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

describe("[EXPORT LINKS] export_course", () => {
  it("answers a link valid for 15 minutes, with the format and the file's name", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId, { title: "Safety at Work: Éléments" });
    const before = Date.now();
    const link = await linkOf(owner.api, course.id);
    expect(link.url.startsWith(`${server.url}${EXPORTS}`)).toBe(true);
    expect(link.expires_at).toMatch(ISO_RE);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + EXPORT_LINK_TTL_SECONDS * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + EXPORT_LINK_TTL_SECONDS * 1000);
    expect(link).toMatchObject({ format: "archive", filename: "safety-at-work-elements-archive.zip" });
  });

  it("refuses a package of an unpublished course (409) unless drafts are included", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId);
    const refused = await owner.api.post(`/courses/${course.id}/export-link`, { format: "scorm12" });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/publish.*include_drafts/i);
    const review = await linkOf(owner.api, course.id, { format: "scorm12", include_drafts: true });
    expect(review.filename).toBe("safety-at-work-scorm12.zip");
    // The archive always holds every lesson: no need to publish.
    await linkOf(owner.api, course.id, ARCHIVE);
  });

  it("checks the options as the export does", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId, { published: true });
    expectValidation(
      await owner.api.post(`/courses/${course.id}/export-link`, { format: "cmi5", completion: "quiz", passing_score: 101 }),
      "passing_score",
    );
    expectValidation(await owner.api.post(`/courses/${course.id}/export-link`, { format: "zip" }), "format");
    expectValidation(await owner.api.post(`/courses/${course.id}/export-link`, {}), "format");
  });

  it("answers 404 to another user's key, to a learner of the workspace, and for a course that does not exist", async () => {
    const team = await seedTeamWithProject(server);
    const course = await courseOf(team.admin.api, team.projectId, { published: true });
    const stranger = await newUserWithProject(server);
    expectNotFound(await stranger.api.post(`/courses/${course.id}/export-link`, ARCHIVE));
    expectNotFound(await team.learner.api.post(`/courses/${course.id}/export-link`, ARCHIVE));
    expectNotFound(await team.admin.api.post(`/courses/${NO_SUCH_ID}/export-link`, ARCHIVE));
    // An author of the workspace may.
    await linkOf(team.author.api, course.id, { format: "scorm2004" });
  });
});

describe("[EXPORT LINKS] GET /exports/{token}", () => {
  it("streams the export without credentials, as often as asked until it expires", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId, { published: true });
    for (const format of ["scorm12", "scorm2004", "cmi5", "archive"] as const) {
      const link = await linkOf(owner.api, course.id, { format });
      for (let time = 0; time < 2; time++) {
        const res = await open(link.url);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/zip");
        expect(res.headers.get("content-disposition")).toContain(link.filename);
        expect(isZip(res.bytes)).toBe(true);
      }
    }
  });

  it("answers 404 saying so for an expired link", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId);
    const token = signExportToken({
      course_id: course.id,
      user_id: owner.user.id,
      options: DEFAULT_OPTIONS,
      exp: Math.floor(Date.now() / 1000) - 1,
    });
    const res = await open(`${server.url}${EXPORTS}${token}`);
    expectNotFound(res);
    expect(res.body.error).toMatch(/expired/);
  });

  it("answers 404 for a link altered to name another course, a cut signature, or garbage", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId);
    const other = await courseOf(owner.api, owner.projectId, { title: "Other" });
    const token = tokenOf((await linkOf(owner.api, course.id)).url);
    const [payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, course_id: other.id })).toString("base64url");
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString("base64url");
    for (const bad of [
      `${otherPayload}.${signature}`,
      `${longer}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.`,
      "garbage",
    ]) {
      const res = await open(`${server.url}${EXPORTS}${encodeURIComponent(bad)}`);
      expectNotFound(res);
      expect(res.body.error).toMatch(/not one this app made|altered/);
    }
  });

  it("answers 404 for a token signed for another purpose", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const otherPurpose = signExportToken({
      purpose: "password-reset",
      course_id: course.id,
      user_id: owner.user.id,
      options: DEFAULT_OPTIONS,
      exp,
    });
    for (const token of [otherPurpose, unsubscribeToken(owner.user.id, "proposal_accepted")]) {
      expectNotFound(await open(`${server.url}${EXPORTS}${encodeURIComponent(token)}`));
    }
  });

  it("checks access again when opened: a link of an author made a learner since answers 404", async () => {
    const team = await seedTeamWithProject(server);
    const course = await courseOf(team.admin.api, team.projectId, { published: true });
    const link = await linkOf(team.author.api, course.id);
    await setWorkspaceMember(await getDb(), { workspaceId: team.workspace.id, userId: team.author.user.id, role: "learner" });
    expectNotFound(await open(link.url));
  });
});

/** A file in storage with its Asset row, as an upload leaves it. */
async function hostedFile(uploadedBy: string, bytes: Uint8Array, filename = "course.zip") {
  const stored = await storeFile({ bytes, filename, mimeType: "application/zip" });
  const db = await getDb();
  await db.$transaction((tx) => recordAsset(tx, stored, { companyId: null, uploadedBy }));
  return stored.uuid;
}

/** A loopback server answering every request with these bytes. */
async function serve(bytes: Uint8Array, contentType = "application/zip") {
  const remote = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": contentType, "content-length": String(bytes.byteLength) });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => remote.listen(0, "127.0.0.1", resolve));
  const { port } = remote.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/course.zip`, close: () => new Promise<void>((resolve) => remote.close(() => resolve())) };
}

type Imported = { course: { id: string; project_id: string; title: string; published_at: string | null }; summary: Record<string, number> };

function expectImported(res: { status: number; body: Imported }, projectId: string, title: string) {
  expectStatus(res, 201);
  expect(res.body.course).toMatchObject({ project_id: projectId, title, published_at: null });
  expect(res.body.summary).toMatchObject({ modules: 1, lessons: 2, blocks: 2 });
}

describe("[EXPORT LINKS] import_course", () => {
  it("imports from an export link of this app, read directly, into another project", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId);
    const target = await newUserWithProject(server);
    const link = await linkOf(owner.api, course.id);
    expectImported(await target.api.post(`/projects/${target.projectId}/import-url`, { url: link.url }), target.projectId, course.title);
    const courses = await target.api.get(`/projects/${target.projectId}/courses`);
    expect(courses.body.courses.map((c: { title: string }) => c.title)).toEqual([course.title]);
  });

  it("imports from a hosted file the caller uploaded, and from another server", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId, { title: "Fire Drill" });
    const archive = await open((await linkOf(owner.api, course.id)).url);
    expect(isZip(archive.bytes)).toBe(true);
    const fileId = await hostedFile(owner.user.id, archive.bytes);
    expectImported(await owner.api.post(`/projects/${owner.projectId}/import-url`, { file_id: fileId }), owner.projectId, "Fire Drill");
    const remote = await serve(archive.bytes);
    try {
      await withSettings({ ALLOW_PRIVATE_FETCH: "1" }, async () => {
        expectImported(await owner.api.post(`/projects/${owner.projectId}/import-url`, { url: remote.url }), owner.projectId, "Fire Drill");
      });
    } finally {
      await remote.close();
    }
  });

  it("answers 400 for a url that gives no archive: not a URL, not http, private, not a zip, a package, a broken link", async () => {
    const owner = await newUserWithProject(server);
    const course = await courseOf(owner.api, owner.projectId, { published: true });
    const pkg = await linkOf(owner.api, course.id, { format: "scorm12" });
    const token = tokenOf((await linkOf(owner.api, course.id)).url);
    const importing = (url: string) => owner.api.post(`/projects/${owner.projectId}/import-url`, { url });
    for (const url of ["not a url", "ftp://example.com/course.zip", "http://127.0.0.1:9/course.zip", `${server.url}${EXPORTS}${token}x`]) {
      const res = await importing(url);
      expectValidation(res, "url");
    }
    const packageRes = await importing(pkg.url);
    expectValidation(packageRes, "url");
    expect(packageRes.body.error).toMatch(/scorm12 package.*archive/);
    const text = await serve(new TextEncoder().encode("hello, not a zip"), "application/zip");
    try {
      await withSettings({ ALLOW_PRIVATE_FETCH: "1" }, async () => {
        const res = await importing(text.url);
        expectValidation(res, "url");
        expect(res.body.error).toMatch(/not a zip/);
      });
    } finally {
      await text.close();
    }
    expect((await owner.api.get(`/projects/${owner.projectId}/courses`)).body.courses).toHaveLength(1);
  });

  it("answers 400 unless exactly one of url and file_id is sent", async () => {
    const owner = await newUserWithProject(server);
    const importing = (body: unknown) => owner.api.post(`/projects/${owner.projectId}/import-url`, body);
    for (const body of [{}, { url: `${server.url}${EXPORTS}x`, file_id: NO_SUCH_ID }]) {
      const res = await importing(body);
      expectValidation(res);
      expect(res.body.error).toMatch(/exactly one of url and file_id/);
    }
    expectValidation(await importing({ file_id: "not-a-uuid" }), "file_id");
  });

  it("answers 404 for a file someone else uploaded, or none", async () => {
    const owner = await newUserWithProject(server);
    const other = await newUserWithProject(server);
    const theirs = await hostedFile(other.user.id, new TextEncoder().encode("PK not really"));
    expectNotFound(await owner.api.post(`/projects/${owner.projectId}/import-url`, { file_id: theirs }));
    expectNotFound(await owner.api.post(`/projects/${owner.projectId}/import-url`, { file_id: NO_SUCH_ID }));
  });

  it("answers 404 to another user's key and to a learner, before reading the body", async () => {
    const team = await seedTeamWithProject(server);
    const stranger = await newUserWithProject(server);
    for (const api of [stranger.api, team.learner.api]) {
      expectNotFound(await api.post(`/projects/${team.projectId}/import-url`, { url: "not a url" }));
    }
  });
});
