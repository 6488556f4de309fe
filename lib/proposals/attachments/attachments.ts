import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import { toUnix } from "@/lib/api/schemas";
import type { Db, Tx } from "@/lib/db/client";
import { write, type WriteContext } from "@/lib/db/transaction";
import { assetUuidOfStorageKey } from "@/lib/files/asset-keys";
import { detectFileType, PDF_MIME_TYPE } from "@/lib/files/file-kinds";
import { imageFacts } from "@/lib/files/image-facts";
import type { Attachment as AttachmentRow } from "@/lib/generated/prisma/client";
import { getCompanyOrThrow, memberCompanyIds } from "../access";
import { assetUrl } from "../common-schemas";
import { recordAsset, safeFilename, withRequestFiles, type VerifiedFile } from "../images/host-file";
import type { AttachmentDto, AttachmentUploadInput } from "./schemas";

/**
 * Where a library attachment's file is served. Its bytes are an Asset (one storage, one way of
 * serving files): the attachment row shares the asset's storage key, from which the asset's public
 * uuid and url follow.
 */
export const attachmentFileUrl = (row: Pick<AttachmentRow, "storageKey">) => {
  const uuid = assetUuidOfStorageKey(row.storageKey);
  return uuid ? assetUrl(uuid) : "";
};

export function toAttachmentDto(row: AttachmentRow): AttachmentDto {
  return {
    created_at: toUnix(row.createdAt),
    filename: row.filename,
    id: row.id,
    mime_type: row.mimeType,
    size: row.size,
    url: attachmentFileUrl(row),
  };
}

/** GET /v1/attachments: the libraries of every company the caller belongs to (or of one), newest first. */
export async function listAttachments(tx: Tx, caller: Caller, companyId?: number): Promise<AttachmentDto[]> {
  if (companyId !== undefined) await getCompanyOrThrow({ tx, caller, companyId });
  const companyIds = companyId !== undefined ? [companyId] : await memberCompanyIds(tx, caller);
  const rows = await tx.attachment.findMany({
    where: { companyId: { in: companyIds } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(toAttachmentDto);
}

export const NOT_AN_ATTACHMENT = "Not a PDF or a PNG, JPEG, GIF or WebP image (the type is read from the bytes)";

/** A PDF or an image, decided from the bytes. */
async function verifyAttachment(bytes: Uint8Array, name: string): Promise<VerifiedFile | null> {
  const pdf = await detectFileType(bytes, "pdf");
  if (pdf) return { bytes, filename: safeFilename(name, "document.pdf"), mimeType: PDF_MIME_TYPE };
  const image = await imageFacts(bytes);
  if (image) return { bytes, filename: safeFilename(name, `image.${image.mimeType.split("/")[1]}`), ...image };
  return null;
}

/** POST /v1/attachments: adds a PDF or an image to a company's library. */
export async function uploadAttachment(ctx: WriteContext & { db: Db; caller: Caller; body: AttachmentUploadInput }) {
  const { db, caller, body } = ctx;
  const companyId = body.company_id;
  await getCompanyOrThrow({ tx: db, caller, companyId });
  const file = await verifyAttachment(new Uint8Array(await body.file.arrayBuffer()), body.file.name);
  if (!file) throw validationError([{ path: "file", message: NOT_AN_ATTACHMENT }]);
  const row = await withRequestFiles(ctx, async (files) => {
    const stored = await files.store(file);
    return write(ctx, async (tx) => {
      await getCompanyOrThrow({ tx, caller, companyId });
      await recordAsset(tx, stored, { companyId, uploadedBy: caller.userId });
      return tx.attachment.create({
        data: {
          companyId,
          uploadedBy: caller.userId,
          filename: stored.filename,
          mimeType: stored.mimeType,
          size: stored.size,
          storageKey: stored.storageKey,
        },
      });
    });
  });
  return toAttachmentDto(row);
}
