import { fileTypeFromBuffer } from "file-type";

/**
 * The file types the service hosts, decided from the bytes and never from a client's or a remote
 * server's declared type. SVG is not an image here: it is XML that can carry scripts and external
 * references, and serving it back from our origin would be a stored-XSS hole.
 */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const PDF_MIME_TYPE = "application/pdf";
/** Course archives (import_course by URL): only fetched, never hosted or served. */
export const ZIP_MIME_TYPE = "application/zip";

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export type FileKind = "image" | "pdf" | "zip";
export type DetectedType = { mimeType: string; ext: string };

const ALLOWED: Record<FileKind, readonly string[]> = {
  image: IMAGE_MIME_TYPES,
  pdf: [PDF_MIME_TYPE],
  zip: [ZIP_MIME_TYPE],
};

/** The extensions a file of each hosted type is saved under; the first is given to a name with another one. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
};

const LAST_EXTENSION = /\.([A-Za-z0-9]{1,5})$/;

/**
 * The name a hosted file is saved under: the given name's stem with an extension of the type read
 * from its bytes. A browser picks the program that opens a download by its extension, so a PDF
 * uploaded as offer.html must download as offer.pdf, never as a page that runs when opened.
 */
export function filenameForType(name: string, mimeType: string): string {
  const allowed = EXTENSIONS[mimeType];
  if (!allowed) return name;
  const match = LAST_EXTENSION.exec(name);
  const given = match?.[1].toLowerCase();
  const stem = (match ? name.slice(0, match.index) : name).replace(/[\s.]+$/, "") || "file";
  return `${stem}.${given && allowed.includes(given) ? given : allowed[0]}`;
}

export function isImageMimeType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);
}

/** The type of `bytes` when it is one `kind` accepts, else null. */
export async function detectFileType(bytes: Uint8Array, kind: FileKind): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !ALLOWED[kind].includes(found.mime)) return null;
  return { mimeType: found.mime, ext: found.ext };
}
