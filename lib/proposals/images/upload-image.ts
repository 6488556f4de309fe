import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { write, type WriteContext } from "@/lib/db/transaction";
import { filenameForType } from "@/lib/files/file-kinds";
import { imageFacts } from "@/lib/files/image-facts";
import { getCompanyOrThrow } from "../access";
import { assetUrl } from "../common-schemas";
import { recordAsset, safeFilename, withRequestFiles } from "./host-file";
import type { ImageUploadInput } from "./schemas";

export const NOT_AN_IMAGE = "Not a PNG, JPEG, GIF or WebP image (the type is read from the bytes; SVG is not accepted)";

/** POST /v3/images: hosts one uploaded image; its type and pixel size come from its bytes. */
export async function uploadImage(ctx: WriteContext & { db: Db; caller: Caller; body: ImageUploadInput }) {
  const { db, caller, body } = ctx;
  const companyId = body.company_id ?? null;
  if (companyId !== null) await getCompanyOrThrow({ tx: db, caller, companyId });
  const bytes = new Uint8Array(await body.file.arrayBuffer());
  const facts = await imageFacts(bytes);
  if (!facts) throw validationError([{ path: "file", message: NOT_AN_IMAGE }]);
  const filename = safeFilename(body.file.name, filenameForType("image", facts.mimeType));
  const { stored, row } = await withRequestFiles(ctx, async (files) => {
    const stored = await files.store({ bytes, filename, ...facts });
    const row = await write(
      ctx,
      async (tx) => {
        // Membership is checked again where the row is written: it may have ended during the upload.
        if (companyId !== null) await getCompanyOrThrow({ tx, caller, companyId });
        return recordAsset(tx, stored, { companyId, uploadedBy: caller.userId });
      },
      { target: (row) => row.uuid },
    );
    return { stored, row };
  });
  return {
    id: row.id,
    uuid: stored.uuid,
    url: assetUrl(stored.uuid),
    filename: stored.filename,
    mime_type: stored.mimeType,
    size: stored.size,
    width: facts.width,
    height: facts.height,
  };
}
