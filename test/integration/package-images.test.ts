/**
 * Images in what leaves the app (issue 38): a package must hold every image it shows, because an
 * LMS often has no route back to this server or out to the web. The app's own hosted files are
 * copied whether an image block names them as `/api/files/<uuid>` or by the absolute address a
 * browser shows (APP_URL); other addresses are downloaded through the guarded fetch. An image that
 * cannot be copied refuses the export with 400 naming the block, its lesson and why, unless the
 * author chose image_links=true. The archive carries an own absolute address as the portable
 * relative one, with the file's bytes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackageFormat } from "@/lib/authoring/exchange/schemas";
import { pngBytes } from "@/lib/files/test-images";
import { withSettings } from "../accounts";
import { download, hostImage, unzip, type Owner } from "../exchange";
import { createBlock, createCourse, createLesson, createModule, newUserWithProject } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { postMultipart } from "../multipart";

let server: TestServer;
/** Another server on loopback: /pic.png is a PNG, /gone.png answers 404. */
let elsewhere: { origin: string; hits: string[]; close: () => Promise<void> };
const REMOTE_PNG = pngBytes(5, 4);
/** The app's public address as an operator sets it: not where the tests reach it, so nothing can fetch it over HTTP. */
const APP_URL = "https://courses.example.com";

beforeAll(async () => {
  server = await startTestServer();
  const hits: string[] = [];
  const remote = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/pic.png") res.writeHead(200, { "content-type": "image/png" }).end(REMOTE_PNG);
    else res.writeHead(404, { "content-type": "text/plain" }).end("gone");
  });
  await new Promise<void>((resolve) => remote.listen(0, "127.0.0.1", resolve));
  elsewhere = {
    origin: `http://127.0.0.1:${(remote.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => remote.close(() => resolve())),
  };
});
afterAll(async () => {
  await elsewhere.close();
  await server.close();
});

const FORMATS: PackageFormat[] = ["scorm12", "scorm2004", "cmi5"];
const parser = new new Window().DOMParser();
const page = (html: Buffer | undefined) => parser.parseFromString(html?.toString("utf8") ?? "", "text/html") as unknown as Document;
const image = (url: string, alt: string) => ({ type: "image", content: { source: { type: "url", url }, alt, caption: "" } });

/** A published course of one lesson, "Pictures", whose image blocks show these addresses. */
async function courseShowing(owner: Owner, images: { url: string; alt: string }[]) {
  const course = await createCourse(owner.api, owner.projectId, { title: "Pictures course" });
  const lesson = await createLesson(owner.api, (await createModule(owner.api, course.id)).id, { title: "Pictures" });
  const blocks = [];
  for (const { url, alt } of images) blocks.push(await createBlock(owner.api, lesson.id, image(url, alt)));
  expect((await owner.api.post(`/courses/${course.id}/publish`)).status).toBe(200);
  return { course, lesson, blocks: blocks as { id: string }[] };
}

describe("[PACKAGES] images travel inside the package", () => {
  it("[PACKAGES] an own file by its absolute address and an image of another server are copied into every format, and the lesson shows the copies", async () => {
    const owner = await newUserWithProject(server);
    const hosted = await hostImage(server, owner.key, pngBytes(3, 2));
    const served = Buffer.from(await (await fetch(`${server.url}${hosted.url}`)).arrayBuffer());
    await withSettings({ APP_URL, ALLOW_PRIVATE_FETCH: "1" }, async () => {
      const { course } = await courseShowing(owner, [
        { url: `${APP_URL}${hosted.url}`, alt: "Copied from the address bar" },
        { url: `${elsewhere.origin}/pic.png`, alt: "From elsewhere" },
      ]);
      for (const format of FORMATS) {
        const res = await download(server, owner.key, course.id, `format=${format}`);
        expect(res.status, res.bytes.toString("utf8").slice(0, 500)).toBe(200);
        const files = await unzip(res.bytes);
        const lesson = page(files.get("lessons/001.html"));
        const own = lesson.querySelector('img[alt="Copied from the address bar"]')!.getAttribute("src")!;
        const remote = lesson.querySelector('img[alt="From elsewhere"]')!.getAttribute("src")!;
        expect(own).toMatch(/^\.\.\/assets\/images\/[0-9a-f]{20}\.png$/);
        expect(remote).toMatch(/^\.\.\/assets\/images\/[0-9a-f]{20}\.png$/);
        expect(files.get(own.slice(3))!.equals(served)).toBe(true);
        expect(files.get(remote.slice(3))!.equals(REMOTE_PNG)).toBe(true);
        // Nothing in any page reaches back to the app or out to the other server.
        for (const [name, bytes] of files) {
          if (!name.endsWith(".html")) continue;
          expect(bytes.toString("utf8"), name).not.toContain(APP_URL);
          expect(bytes.toString("utf8"), name).not.toContain(elsewhere.origin);
        }
      }
    });
  });

  it("[PACKAGES] an image that cannot be copied refuses the export with 400 naming its block, lesson and why; image_links=true keeps it as a link", async () => {
    const owner = await newUserWithProject(server);
    const missingFile = "/api/files/00000000-0000-4000-8000-000000000001";
    const { course, blocks } = await courseShowing(owner, [
      { url: `${elsewhere.origin}/gone.png`, alt: "Gone" },
      { url: missingFile, alt: "Deleted" },
      { url: `${elsewhere.origin}/pic.png`, alt: "Private" },
    ]);
    const before = elsewhere.hits.length;
    await withSettings({ ALLOW_PRIVATE_FETCH: "1" }, async () => {
      const res = await download(server, owner.key, course.id, "format=scorm12");
      expect(res.status).toBe(400);
      const body = JSON.parse(res.bytes.toString("utf8"));
      expect(body.code).toBe("validation_error");
      expect(body.error).toMatch(/2 images could not be copied into the package/);
      expect(body.error).toMatch(/image_links=true/);
      expect(body.details.issues.map((i: { path: string }) => i.path)).toEqual([
        `blocks.${blocks[0].id}.content.source.url`,
        `blocks.${blocks[1].id}.content.source.url`,
      ]);
      expect(body.details.images).toEqual([
        {
          block_id: blocks[0].id,
          lesson_id: expect.any(String),
          lesson_title: "Pictures",
          url: `${elsewhere.origin}/gone.png`,
          reason: "it could not be downloaded: The server answered 404",
        },
        {
          block_id: blocks[1].id,
          lesson_id: expect.any(String),
          lesson_title: "Pictures",
          url: missingFile,
          reason: "it names a file this app no longer has",
        },
      ]);
      expect(body.details.issues[0].message).toContain("block 1 in “Pictures”");
    });
    // Without ALLOW_PRIVATE_FETCH a loopback address is refused before any request is made.
    const guarded = JSON.parse((await download(server, owner.key, course.id, "format=cmi5")).bytes.toString("utf8"));
    expect(guarded.details.images.map((i: { reason: string }) => i.reason)).toEqual([
      "it could not be downloaded: 127.0.0.1 is a private or reserved address",
      "it names a file this app no longer has",
      "it could not be downloaded: 127.0.0.1 is a private or reserved address",
    ]);
    expect(elsewhere.hits.length - before).toBe(2);

    // The author's choice: the package is made, and what could not be copied stays a link.
    const linked = await download(server, owner.key, course.id, "format=scorm2004&image_links=true");
    expect(linked.status).toBe(200);
    const lesson = page((await unzip(linked.bytes)).get("lessons/001.html"));
    expect(lesson.querySelector('img[alt="Gone"]')!.getAttribute("src")).toBe(`${elsewhere.origin}/gone.png`);
    expect(lesson.querySelector('img[alt="Deleted"]')!.getAttribute("src")).toBe(missingFile);

    // An export link carries the choice; one without it is refused the same way when opened.
    for (const [imageLinks, status] of [
      [false, 400],
      [true, 200],
    ] as const) {
      const link = await owner.api.post(`/courses/${course.id}/export-link`, { format: "scorm12", image_links: imageLinks });
      expect(link.status).toBe(200);
      expect((await fetch(link.body.url.replace(/^https?:\/\/[^/]+/, server.url))).status).toBe(status);
    }
  });

  it("[PACKAGES] a bad image_links value is 400 and exports nothing", async () => {
    const owner = await newUserWithProject(server);
    const { course } = await courseShowing(owner, []);
    const res = await download(server, owner.key, course.id, "format=scorm12&image_links=yes");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString("utf8")).details.issues[0].path).toBe("image_links");
  });
});

describe("[ARCHIVE] images travel inside the archive", () => {
  it("[ARCHIVE] an own file by its absolute address is in assets/ and in course.json as /api/files/<uuid>, and an import elsewhere shows the copy", async () => {
    const owner = await newUserWithProject(server);
    const hosted = await hostImage(server, owner.key, pngBytes(4, 4));
    await withSettings({ APP_URL }, async () => {
      const { course } = await courseShowing(owner, [{ url: `${APP_URL}${hosted.url}`, alt: "Absolute" }]);
      const res = await download(server, owner.key, course.id, "format=archive");
      expect(res.status).toBe(200);
      const files = await unzip(res.bytes);
      const json = JSON.parse(files.get("course.json")!.toString("utf8"));
      expect(json.assets).toEqual([{ uuid: hosted.uuid, path: `assets/${hosted.uuid}.png`, mime_type: "image/png" }]);
      expect(files.has(`assets/${hosted.uuid}.png`)).toBe(true);
      expect(json.modules[0].lessons[0].blocks[0].content.source.url).toBe(hosted.url);

      const target = await newUserWithProject(server);
      const imported = await postMultipart(`${server.url}/api/authoring/projects/${target.projectId}/import`, target.key, {
        file: { bytes: res.bytes, filename: "course.zip", type: "application/zip" },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body.summary.assets).toBe(0); // The same server already has the file under its uuid.
      const outline = await target.api.get(`/courses/${imported.body.course.id}/outline`);
      const lessonId = outline.body.modules[0].lessons[0].id;
      const blocks = await target.api.get(`/lessons/${lessonId}/blocks`);
      expect(blocks.body.blocks[0].content.source.url).toBe(hosted.url);
    });
  });
});
