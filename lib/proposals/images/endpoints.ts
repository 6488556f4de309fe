import { defineEndpoint } from "@/lib/api/endpoint";
import { ImageUpload, UploadedImageCreated } from "./schemas";
import { uploadImage } from "./upload-image";

export const uploadImageEndpoint = defineEndpoint({
  operationId: "upload_image",
  method: "POST",
  path: "/v3/images",
  tag: "Files",
  summary: "Host an image",
  description:
    "multipart/form-data with a file field (and optionally company_id, a company you belong to: its members can then use the image). " +
    "PNG, JPEG, GIF or WebP, read from the bytes (the declared type is ignored; SVG is refused) — anything else or an empty file is 400. " +
    "At most 20 MB (413). Answers 201 with the uuid to give as a content item's image, and its url (/api/files/{uuid}: public, " +
    "immutable, served with its type).",
  body: ImageUpload,
  bodyKind: "multipart",
  response: UploadedImageCreated,
  status: 201,
  errors: ["not_found"],
  run: async (ctx) => ({ data: await uploadImage(ctx) }),
});
