import { defineEndpoint } from "@/lib/api/endpoint";
import { listAttachments, uploadAttachment } from "./attachments";
import { AttachmentCreated, AttachmentList, AttachmentListQuery, AttachmentUpload } from "./schemas";

const tag = "Attachments";

export const listAttachmentsEndpoint = defineEndpoint({
  operationId: "list_attachments",
  method: "GET",
  path: "/v1/attachments",
  tag,
  summary: "List library attachments",
  description:
    "Returns {attachments}. The attachment libraries of every company you belong to, or of company_id (404 for a company you do not belong to), newest first. " +
    "mime_type, size and url are our extension.",
  query: AttachmentListQuery,
  response: AttachmentList,
  status: 200,
  errors: ["not_found"],
  run: async ({ db, caller, query }) => ({ attachments: await listAttachments(db, caller, query.company_id) }),
});

export const uploadAttachmentEndpoint = defineEndpoint({
  operationId: "upload_attachment",
  method: "POST",
  path: "/v1/attachments",
  tag,
  summary: "Add a file to a company's attachment library",
  description:
    "multipart/form-data with file and company_id (a company you belong to, else 404). A PDF, or a PNG, JPEG, GIF or WebP image, " +
    "read from the bytes; anything else or an empty file is 400. At most 20 MB (413). Answers 201 {attachment}; the file is served at " +
    "its url (PDFs as a download, images inline).",
  body: AttachmentUpload,
  bodyKind: "multipart",
  response: AttachmentCreated,
  status: 201,
  errors: ["not_found"],
  run: async (ctx) => ({ attachment: await uploadAttachment(ctx) }),
});
