import { randomUUID } from "node:crypto";
import { notFound } from "@/lib/api/errors";
import { toAppError } from "@/lib/api/run-endpoint";
import { serviceError } from "@/lib/api/service";
import { getDb } from "@/lib/db/client";
import { isUuid } from "@/lib/files/asset-keys";
import { contentDisposition } from "@/lib/files/content-disposition";
import { filenameForType, isImageMimeType } from "@/lib/files/file-kinds";
import { getStorage } from "@/lib/files/storage";
import { SERVED_FILE_POLICY } from "@/lib/security/csp";
import { proposalsService } from "../service";

/**
 * GET /api/files/{uuid}: a hosted file, public by its unguessable uuid (proposal pages show them to
 * recipients without an account). The bytes under a uuid never change, so caches may keep them
 * for a year. The type is the one read from the bytes at upload; images are shown inline, PDFs
 * download (a PDF viewer on our origin is not a place to run someone's document).
 */
export async function serveAsset(req: Request, uuid: string): Promise<Response> {
  const requestId = randomUUID();
  try {
    if (!isUuid(uuid)) throw notFound("File");
    const db = await getDb();
    const asset = await db.asset.findUnique({ where: { uuid: uuid.toLowerCase() } });
    if (!asset) throw notFound("File");
    const etag = `"${asset.uuid}"`;
    const headers: Record<string, string> = {
      "cache-control": "public, max-age=31536000, immutable",
      etag,
      "x-content-type-options": "nosniff",
      "content-security-policy": SERVED_FILE_POLICY,
    };
    if (
      req.headers
        .get("if-none-match")
        ?.split(",")
        .some((tag) => tag.trim() === etag)
    ) {
      return new Response(null, { status: 304, headers });
    }
    const file = await getStorage().get(asset.storageKey);
    if (!file) throw notFound("File");
    return new Response(new Uint8Array(file.bytes), {
      status: 200,
      headers: {
        ...headers,
        "content-type": asset.mimeType,
        "content-length": String(file.bytes.length),
        // Named from the type read at upload, whatever the uploader called it (files stored before this rule too).
        "content-disposition": contentDisposition(
          isImageMimeType(asset.mimeType) ? "inline" : "attachment",
          filenameForType(asset.filename, asset.mimeType),
        ),
      },
    });
  } catch (error) {
    const { status, body } = serviceError(proposalsService, toAppError(error, requestId));
    return Response.json(body, { status, headers: { "cache-control": "no-store", "x-request-id": requestId } });
  }
}
