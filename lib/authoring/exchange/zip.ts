import { Readable } from "node:stream";
import yauzl from "yauzl";
import type { ZipFile } from "yazl";
import { AppError } from "@/lib/api/errors";

/**
 * Zips in and out of the app. Out: a yazl ZipFile as a web stream, so a package goes to the client
 * as it is written. In: a zip read from an upload's bytes entry by entry (never inflated whole),
 * refusing what could hurt the server: paths out of the archive, symlinks, duplicate names, too
 * many entries, too many bytes once inflated, or an entry that inflates out of all proportion.
 */

/** The limits an uploaded zip is read within (docs/course-archive.md, Limits). */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  /** An entry smaller than this is not judged by its ratio: a small run of the same byte compresses 1000 to 1 and is harmless. */
  ratioFloorBytes: 1024 * 1024,
} as const;

export type ZipLimits = { maxEntries: number; maxUncompressedBytes: number; maxRatio: number; ratioFloorBytes: number };

/** The zip's bytes as the client receives them: an error part-way (`zip.outputStream` destroyed) breaks the download. */
export function zipToWebStream(zip: ZipFile): ReadableStream<Uint8Array> {
  return Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>;
}

const refuse = (message: string) => new AppError("validation_error", message, { issues: [{ path: "file", message }] });
const tooLarge = (message: string) => new AppError("payload_too_large", message);

const MB = 1024 * 1024;

/** A file entry of an uploaded zip (directories are left out). */
export type SafeEntry = { name: string; compressedSize: number; uncompressedSize: number; entry: yauzl.Entry };

export type SafeZip = {
  entries: SafeEntry[];
  /** An entry's bytes, counted as they inflate: past the archive's budget or ratio, refused. */
  read(entry: SafeEntry): Promise<Buffer>;
  close(): void;
};

/** Unix file type bits of an entry made on a Unix system (external attributes, high 16 bits). */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MADE_ON_UNIX = 3;

function isSymlink(entry: yauzl.Entry): boolean {
  const madeOn = entry.versionMadeBy >> 8;
  return madeOn === MADE_ON_UNIX && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

/** yauzl's own refusals, said for a person. */
function zipError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/absolute path/.test(message)) return refuse(`The archive holds an absolute path (${message.replace(/^.*?: /, "")})`);
  if (/invalid relative path/.test(message)) return refuse(`The archive holds a path that leaves it (${message.replace(/^.*?: /, "")})`);
  if (/invalid characters in fileName/.test(message))
    return refuse(`The archive holds a path with a backslash (${message.replace(/^.*?: /, "")})`);
  if (/(too many|not enough) bytes in the stream/.test(message)) {
    return refuse(`An entry of the archive does not inflate to the size its header declares (${message})`);
  }
  if (/end of central directory record signature not found/i.test(message)) return refuse("The upload is not a zip archive");
  return refuse(`The upload is not a readable zip archive (${message})`);
}

/**
 * Opens an uploaded zip and checks its directory: at most `maxEntries` entries, no absolute path,
 * no `..`, no backslash, no symlink, no name twice, and declared sizes within the budget. Entries
 * are only listed here; `read` inflates one when asked, counting what it really inflates (a header
 * may lie: yauzl's validateEntrySizes and our own count both stop it).
 */
export async function openSafeZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<SafeZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: true,
      autoClose: false,
    });
  } catch (error) {
    throw zipError(error);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw refuse(`The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are read`);
    }
    const entries = await listEntries(zip, limits);
    return { entries, read: reader(zip, limits), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw zipError(error);
  }
}

function listEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<SafeEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: SafeEntry[] = [];
    const names = new Set<string>();
    let declared = 0;
    zip.on("error", reject);
    zip.on("end", () => resolve(entries));
    zip.on("entry", (entry: yauzl.Entry) => {
      try {
        const name = entry.fileName;
        if (isSymlink(entry)) throw refuse(`The archive holds a symbolic link (${name})`);
        if (names.has(name)) throw refuse(`The archive holds ${name} twice`);
        names.add(name);
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) {
          throw tooLarge(`The archive inflates to more than ${limits.maxUncompressedBytes / MB} MB`);
        }
        if (!name.endsWith("/")) {
          checkRatio(name, entry.uncompressedSize, entry.compressedSize, limits);
          entries.push({ name, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize, entry });
        }
      } catch (error) {
        return reject(error);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function checkRatio(name: string, inflated: number, compressed: number, limits: ZipLimits) {
  if (inflated < limits.ratioFloorBytes) return;
  if (inflated > Math.max(compressed, 1) * limits.maxRatio) {
    throw refuse(`${name} inflates more than ${limits.maxRatio} times its compressed size (a zip bomb?)`);
  }
}

/** Reads entries one at a time, keeping a running count of inflated bytes across them all. */
function reader(zip: yauzl.ZipFile, limits: ZipLimits) {
  let inflatedSoFar = 0;
  return async (target: SafeEntry): Promise<Buffer> => {
    let stream: Readable;
    try {
      stream = await zip.openReadStreamPromise(target.entry);
    } catch (error) {
      throw zipError(error);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        inflatedSoFar += chunk.byteLength;
        if (inflatedSoFar > limits.maxUncompressedBytes) {
          throw tooLarge(`The archive inflates to more than ${limits.maxUncompressedBytes / MB} MB`);
        }
        checkRatio(target.name, size, target.compressedSize, limits);
        chunks.push(chunk);
      }
    } catch (error) {
      stream.destroy();
      throw zipError(error);
    }
    return Buffer.concat(chunks, size);
  };
}
