import { z } from "zod";
import { UnixTime } from "@/lib/api/schemas";
import { QueryId } from "../common-schemas";
import { FormFile, FormId } from "../images/schemas";

/** The attachment library (GET and POST /v1/attachments): one zod module for its requests and answers. */

export const Attachment = z
  .object({
    created_at: UnixTime,
    filename: z.string(),
    id: z.number().int().describe("What a proposal's attachments name as {id}"),
    mime_type: z.string().describe("Our extension: application/pdf or an image type, read from the bytes"),
    size: z.number().int().describe("Our extension: bytes"),
    url: z.string().describe("Our extension: where the file is served (/api/files/{uuid}; PDFs download, images show inline)"),
  })
  .meta({ id: "Attachment" });
export type AttachmentDto = z.infer<typeof Attachment>;

export const AttachmentListQuery = z.object({
  company_id: QueryId.optional().describe("Only this company's attachments (404 for a company you do not belong to)"),
});

export const AttachmentList = z.object({ attachments: z.array(Attachment) });

export const AttachmentUpload = z
  .strictObject({
    file: FormFile.describe("A PDF, or a PNG, JPEG, GIF or WebP image, of at most 20 MB; the type is read from the bytes"),
    company_id: FormId.describe("The company whose library gets the file"),
  })
  .meta({ id: "AttachmentUpload" });
export type AttachmentUploadInput = z.infer<typeof AttachmentUpload>;

export const AttachmentCreated = z.object({ attachment: Attachment });
