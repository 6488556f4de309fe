import { Readable } from "node:stream";
import type { ZipFile } from "yazl";
import type { Db } from "@/lib/db/client";
import { getStorage } from "@/lib/files/storage";
import { appOrigin } from "@/lib/mail/app-url";
import type { CourseSnapshot } from "../snapshot-types";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveAssetEntry,
  assetPath,
  COURSE_JSON,
  hostedImageUuid,
  withPortableImageUrl,
} from "./archive-format";

/** The extension an asset's bytes are saved under in the archive, by the type read from them at upload. */
const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp" };

/** The hosted images the course's image blocks show that this server has: their entries in course.json. */
async function assetsOf(db: Db, snapshot: CourseSnapshot, ownOrigin: string) {
  const uuids = new Set<string>();
  for (const m of snapshot.modules) {
    for (const l of m.lessons) {
      for (const b of l.blocks) {
        const uuid = hostedImageUuid(b, ownOrigin);
        if (uuid) uuids.add(uuid);
      }
    }
  }
  const rows = await db.asset.findMany({ where: { uuid: { in: [...uuids] } }, select: { uuid: true, mimeType: true, storageKey: true } });
  return rows
    .sort((a, b) => a.uuid.localeCompare(b.uuid))
    .map((row) => ({
      entry: {
        uuid: row.uuid,
        path: assetPath(row.uuid, EXTENSIONS[row.mimeType] ?? "bin"),
        mime_type: row.mimeType,
      } satisfies ArchiveAssetEntry,
      storageKey: row.storageKey,
    }));
}

/**
 * course.json as it is written, a lesson at a time: the course's text is never one string, so a
 * course of thousands of blocks does not sit in memory twice over while it is zipped.
 */
function* courseJson(snapshot: CourseSnapshot, assets: ArchiveAssetEntry[], exportedAt: Date, ownOrigin: string): Generator<Buffer> {
  const { modules, ...rest } = snapshot;
  const head = { format: ARCHIVE_FORMAT, format_version: ARCHIVE_FORMAT_VERSION, exported_at: exportedAt.toISOString(), ...rest, assets };
  const open = (value: object, field: string) => `${JSON.stringify(value).slice(0, -1)},${JSON.stringify(field)}:[`;
  yield Buffer.from(open(head, "modules"));
  for (const [i, { lessons, ...mod }] of modules.entries()) {
    yield Buffer.from(`${i ? "," : ""}${open(mod, "lessons")}`);
    for (const [j, lesson] of lessons.entries()) {
      const portable = { ...lesson, blocks: lesson.blocks.map((b) => withPortableImageUrl(b, ownOrigin)) };
      yield Buffer.from(`${j ? "," : ""}${JSON.stringify(portable)}`);
    }
    yield Buffer.from("]}");
  }
  yield Buffer.from("]}");
}

/**
 * Writes the course archive (docs/course-archive.md) into `zip`: course.json, then each hosted
 * image's bytes, read from storage one at a time as the zip reaches it. The caller ends the zip.
 */
export async function writeArchive(db: Db, zip: ZipFile, snapshot: CourseSnapshot): Promise<void> {
  // The app's own origin, read once: an image block on it is one of our hosted files.
  const ownOrigin = appOrigin();
  const assets = await assetsOf(db, snapshot, ownOrigin);
  zip.addReadStream(
    Readable.from(
      courseJson(
        snapshot,
        assets.map((a) => a.entry),
        new Date(),
        ownOrigin,
      ),
    ),
    COURSE_JSON,
  );
  for (const asset of assets) {
    zip.addReadStreamLazy(asset.entry.path, (done) => {
      getStorage()
        .get(asset.storageKey)
        .then((file) => {
          if (!file) throw new Error(`The bytes of asset ${asset.entry.uuid} are missing from storage`);
          done(null, Readable.from([file.bytes]));
        })
        .catch((error: unknown) => done(error, Readable.from([])));
    });
  }
}
