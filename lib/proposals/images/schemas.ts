import { z } from "zod";
import { Id } from "../common-schemas";

/** A hosted image as content items list it (`images[]`): the document leaves its shape open. */
export const Asset = z
  .object({
    id: z.number().int().describe("The asset's numeric id (background_image.id of a proposal)"),
    uuid: z.uuid().describe("Stable: the same uuid always serves the same bytes"),
    url: z.string().describe("Where the file is served: /api/files/{uuid}, public, cached for a year"),
    filename: z.string(),
    mime_type: z.string().describe("Read from the bytes: image/png, image/jpeg, image/gif or image/webp"),
    size: z.number().int().describe("Bytes"),
    width: z.number().int().nullable().describe("Pixels, read from the bytes"),
    height: z.number().int().nullable().describe("Pixels, read from the bytes"),
  })
  .meta({ id: "Asset" });
export type AssetDto = z.infer<typeof Asset>;

/** What POST /v3/images answers (contract.md), plus the numeric id a proposal's background_image names. */
export const UploadedImage = z
  .object({
    id: z.number().int().describe("Beyond contract.md: the id for background_image {id, uuid}"),
    uuid: z.uuid(),
    url: z.string(),
    filename: z.string(),
    mime_type: z.string(),
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: "UploadedImage" });

/** A numeric id sent as a multipart form field, where every value is text. */
export const FormId = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, "A numeric id")
  .transform(Number)
  .pipe(Id);

/** A file field of a multipart form; its type and size are read from the bytes afterwards. */
export const FormFile = z
  .file({ message: "Send the file in a multipart field named file" })
  .min(1, "The file is empty")
  .describe("At most 20 MB");

export const ImageUpload = z
  .strictObject({
    file: FormFile.describe("A PNG, JPEG, GIF or WebP image of at most 20 MB; SVG is refused"),
    company_id: FormId.optional().describe("The company the image belongs to; without one it is yours alone"),
  })
  .meta({ id: "ImageUpload" });
export type ImageUploadInput = z.infer<typeof ImageUpload>;

/** An image of a content item as a client describes it (create and update content). */
export const ImageInput = z
  .strictObject({
    uuid: z.string().max(100).describe("A hosted image's uuid (POST /v3/images), or an empty string when url is given"),
    url: z.string().max(2048).optional().describe("A public image URL, downloaded and hosted by the service when uuid is empty"),
    filename: z.string().max(200).optional().describe("Name to keep for a downloaded image"),
    mime_type: z.string().max(100).optional().describe("Ignored: the type is read from the bytes"),
    size: z.number().optional().describe("Ignored: read from the bytes"),
    width: z.number().optional().describe("Ignored: read from the bytes"),
    height: z.number().optional().describe("Ignored: read from the bytes"),
  })
  .meta({ id: "ImageInput" });
export type ImageInputDto = z.infer<typeof ImageInput>;

export const UploadedImageCreated = z.object({ data: UploadedImage });
