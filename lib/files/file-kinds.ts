import { fileTypeFromBuffer } from "file-type";

/**
 * The file types the service hosts, decided from the bytes and never from a client's or a remote
 * server's declared type. SVG is not an image here: it is XML that can carry scripts and external
 * references, and serving it back from our origin would be a stored-XSS hole.
 */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const PDF_MIME_TYPE = "application/pdf";

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export type FileKind = "image" | "pdf";
export type DetectedType = { mimeType: string; ext: string };

const ALLOWED: Record<FileKind, readonly string[]> = {
  image: IMAGE_MIME_TYPES,
  pdf: [PDF_MIME_TYPE],
};

export function isImageMimeType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);
}

/** The type of `bytes` when it is one `kind` accepts, else null. */
export async function detectFileType(bytes: Uint8Array, kind: FileKind): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !ALLOWED[kind].includes(found.mime)) return null;
  return { mimeType: found.mime, ext: found.ext };
}
