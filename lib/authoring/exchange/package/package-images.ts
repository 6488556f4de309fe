import { AppError, type ValidationIssue } from "@/lib/api/errors";
import { isWebUrl } from "@/lib/authoring/blocks/block-content";
import { parseImage } from "@/lib/authoring/blocks/types/image";
import type { Db } from "@/lib/db/client";
import { fetchAll } from "@/lib/files/fetch-all";
import { FetchRefused } from "@/lib/files/fetch-url";
import { getStorage } from "@/lib/files/storage";
import { appOrigin } from "@/lib/mail/app-url";
import { hostedFileUuid } from "../archive/archive-format";
import type { CourseSnapshot } from "../snapshot-types";
import { IMAGE_EXTENSIONS, type ImageSource } from "./write-package";

/** An image block that shows an image by its address, where it is in the course. */
type ImageUse = { url: string; blockId: string; lessonId: string; lessonTitle: string; place: number };

/** What the export says of an image it could not copy in: the block, its lesson, the address and why. */
export type MissingImage = { block_id: string; lesson_id: string; lesson_title: string; url: string; reason: string };

function imageUses(snapshot: CourseSnapshot): ImageUse[] {
  return snapshot.modules.flatMap((m) =>
    m.lessons.flatMap((lesson) =>
      lesson.blocks.flatMap((block, i) => {
        const image = block.type === "image" ? parseImage(block.content) : null;
        if (image?.source.type !== "url" || !isWebUrl(image.source.url)) return [];
        return [{ url: image.source.url.trim(), blockId: block.id, lessonId: lesson.id, lessonTitle: lesson.title, place: i + 1 }];
      }),
    ),
  );
}

const packageable = (mimeType: string) => IMAGE_EXTENSIONS[mimeType.toLowerCase()] !== undefined;

/**
 * The images a package copies in, found before its first byte is sent: the app's own hosted files
 * (relative, or absolute on APP_URL) are read from storage as the zip reaches them; any other
 * address is downloaded now through the guarded fetch (public addresses only, capped in size and
 * time, four at a time within FETCH_DEADLINE_MS). An LMS often has no route back to this server or
 * to the web, so a package must not depend on either: an image that cannot be copied refuses the
 * export (400, naming each block and why), unless `imageLinks` keeps such images as links.
 */
export async function packageImages(db: Db, snapshot: CourseSnapshot, imageLinks: boolean): Promise<ImageSource> {
  const uses = imageUses(snapshot);
  const origin = appOrigin();
  const hosted = new Map<string, string>();
  const external = new Set<string>();
  for (const { url } of uses) {
    const uuid = hostedFileUuid(url, origin);
    if (uuid) hosted.set(url, uuid);
    else if (/^https?:\/\//i.test(url)) external.add(url);
  }

  const rows = hosted.size
    ? await db.asset.findMany({
        where: { uuid: { in: [...new Set(hosted.values())] } },
        select: { uuid: true, storageKey: true, mimeType: true },
      })
    : [];
  const assets = new Map(rows.map((row) => [row.uuid, row]));
  const urls = [...external];
  const fetched = await fetchAll(urls, { accept: "image" }, async (file) => ({
    bytes: new Uint8Array(file.bytes),
    mimeType: file.mimeType,
  }));
  const downloaded = new Map(urls.map((url, i) => [url, fetched[i]]));

  const reasonFor = (url: string): string | null => {
    const uuid = hosted.get(url);
    if (uuid) return assets.has(uuid) ? null : "it names a file this app no longer has";
    const result = downloaded.get(url);
    if (result === undefined) return "a relative address that is not one of this app's files (/api/files/<uuid>) cannot be copied";
    if (result instanceof FetchRefused) return `it could not be downloaded: ${result.message}`;
    return packageable(result.mimeType) ? null : `its type (${result.mimeType}) is not one a package can hold`;
  };
  const missing: MissingImage[] = uses.flatMap((use) => {
    const reason = reasonFor(use.url);
    return reason ? [{ block_id: use.blockId, lesson_id: use.lessonId, lesson_title: use.lessonTitle, url: use.url, reason }] : [];
  });
  if (missing.length > 0 && !imageLinks) throw missingImagesError(missing, uses);

  return async (url) => {
    const uuid = hosted.get(url);
    const asset = uuid ? assets.get(uuid) : undefined;
    if (asset) {
      const file = await getStorage().get(asset.storageKey);
      if (!file) throw new Error(`The bytes of asset ${asset.uuid} are missing from storage`);
      return { bytes: file.bytes, mimeType: asset.mimeType };
    }
    const result = downloaded.get(url);
    return result && !(result instanceof FetchRefused) ? result : null;
  };
}

function missingImagesError(missing: MissingImage[], uses: ImageUse[]): AppError {
  const place = (m: MissingImage) => uses.find((u) => u.blockId === m.block_id)!.place;
  const issues: ValidationIssue[] = missing.map((m) => ({
    path: `blocks.${m.block_id}.content.source.url`,
    message: `The image of block ${place(m)} in “${m.lesson_title}” (${m.url}): ${m.reason}`,
  }));
  const count = missing.length === 1 ? "An image" : `${missing.length} images`;
  return new AppError(
    "validation_error",
    `${count} could not be copied into the package, which must hold everything it shows (an LMS often cannot reach other servers): ` +
      `${issues.map((i) => i.message).join("; ")}. Replace or remove ${missing.length === 1 ? "it" : "them"}, or export with ` +
      "image_links=true to keep such images as links to their addresses.",
    { issues, images: missing },
  );
}
