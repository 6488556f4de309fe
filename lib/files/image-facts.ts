import { imageSize } from "image-size";
import { detectFileType, type ImageMimeType } from "./file-kinds";

export type ImageFacts = { mimeType: ImageMimeType; width: number; height: number };

/**
 * Type and pixel size of an image, read from its bytes: a client's declared type or size is never
 * used. Null for anything that is not a PNG, JPEG, GIF or WebP we can measure (SVG included).
 * Width and height are as stored; a JPEG's EXIF orientation is not applied.
 */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts | null> {
  const type = await detectFileType(bytes, "image");
  if (!type) return null;
  const size = measure(bytes);
  if (!size) return null;
  return { mimeType: type.mimeType as ImageMimeType, ...size };
}

function measure(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    // image-size throws on truncated or corrupt headers; such a file is not an image we host.
    return null;
  }
}
