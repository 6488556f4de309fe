import type { Caller } from "@/lib/api/authenticate";
import { AppError, notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { FetchRefused, fetchUrl } from "@/lib/files/fetch-url";
import { getStorage } from "@/lib/files/storage";
import { appOrigin } from "@/lib/mail/app-url";
import { EXPORT_LINK_PATH } from "./create-export-link";
import { downloadExport } from "./download-export";
import { isSignedHere, readExportToken } from "./export-link-token";
import type { ImportFromUrlInput } from "./link-schemas";

/** The largest archive an import reads, the same as the multipart upload's. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

const tooLarge = () => new AppError("payload_too_large", `The archive is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
const badUrl = (message: string) => new AppError("validation_error", message, { issues: [{ path: "url", message }] });

/** A stream's bytes, refused (413) once past the cap rather than read to the end. */
async function readCapped(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > IMPORT_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The token of a URL that points at one of this app's export links, else null. */
function ownExportToken(url: URL): string | null {
  if (!url.pathname.startsWith(EXPORT_LINK_PATH)) return null;
  const token = decodeURIComponent(url.pathname.slice(EXPORT_LINK_PATH.length));
  if (!token || token.includes("/")) return null;
  // Our own origin, or a token our secret signed (the app may be reached under another name).
  return url.origin === appOrigin() || isSignedHere(token) ? token : null;
}

/**
 * An export link of this app is read directly, never over HTTP to ourselves: the export it names,
 * with the access of the user it was made for (as opening it would). It must be an archive.
 */
async function readOwnLink(db: Db, token: string): Promise<Uint8Array> {
  let format: string;
  try {
    format = readExportToken(token).options.format;
  } catch (error) {
    throw badUrl(`The url is an export link that does not work: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (format !== "archive") {
    throw badUrl(`The url is a ${format} package, which is for an LMS: ask export_course for format "archive" to import a course`);
  }
  return readCapped((await downloadExport(db, token)).stream);
}

async function readRemote(url: URL): Promise<Uint8Array> {
  try {
    return (await fetchUrl(url.href, { accept: "zip", maxBytes: IMPORT_MAX_BYTES, timeoutMs: 60_000 })).bytes;
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    if (error.reason === "too_large") throw tooLarge();
    throw badUrl(`The archive could not be downloaded from the url: ${error.message}`);
  }
}

/** A hosted file the caller uploaded; anyone else's, or none, is 404. */
async function readHostedFile(db: Db, caller: Caller, fileId: string): Promise<Uint8Array> {
  const asset = await db.asset.findFirst({ where: { uuid: fileId.toLowerCase(), uploadedBy: caller.userId } });
  if (!asset) throw notFound("File");
  if (asset.size > IMPORT_MAX_BYTES) throw tooLarge();
  const file = await getStorage().get(asset.storageKey);
  if (!file) throw notFound("File");
  return file.bytes;
}

/** The bytes of the course archive an import_course request names by url or file_id. */
export async function readArchiveSource(db: Db, caller: Caller, source: ImportFromUrlInput): Promise<Uint8Array> {
  if (source.file_id !== undefined) return readHostedFile(db, caller, source.file_id);
  let url: URL;
  try {
    url = new URL(source.url ?? "");
  } catch {
    throw badUrl("The url is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badUrl("Only http and https URLs can be imported");
  const token = ownExportToken(url);
  return token === null ? readRemote(url) : readOwnLink(db, token);
}
