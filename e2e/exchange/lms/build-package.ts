// Builds a course package with the app's writePackage and unpacks it for the test LMS to serve.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yauzl from "yauzl";
import { ZipFile } from "yazl";
import type { ImageSource, PackageOptions } from "../../../lib/authoring/exchange/package/write-package";
import { writePackage } from "../../../lib/authoring/exchange/package/write-package";
import type { CourseSnapshot } from "../../../lib/authoring/exchange/snapshot-types";

/** No image is copied: the package links to every image (the fixtures' lessons mostly have none). */
const NO_IMAGES: ImageSource = async () => null;

async function zipBytes(snapshot: CourseSnapshot, options: PackageOptions, images: ImageSource): Promise<Buffer> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve());
    zip.outputStream.on("error", reject);
  });
  await writePackage(zip, snapshot, options, images);
  zip.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * The package's files in a new temporary folder; returns the folder. `images` gives the bytes of
 * the images the package copies in, as the export's own resolver does (package-images.ts, tested
 * over HTTP in test/integration/package-images.test.ts).
 */
export async function buildPackage(snapshot: CourseSnapshot, options: PackageOptions, images = NO_IMAGES): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `package-${options.format}-`));
  const zip = await yauzl.fromBufferPromise(await zipBytes(snapshot, options, images), { lazyEntries: true });
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      const target = path.resolve(dir, entry.fileName);
      if (!target.startsWith(dir + path.sep)) return reject(new Error(`entry outside the package: ${entry.fileName}`));
      if (entry.fileName.endsWith("/")) return zip.readEntry();
      fs.mkdirSync(path.dirname(target), { recursive: true });
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.pipe(fs.createWriteStream(target)).on("finish", () => zip.readEntry());
      });
    });
    zip.on("end", () => resolve());
    zip.on("error", reject);
    zip.readEntry();
  });
  return dir;
}
