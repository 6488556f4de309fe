import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { isUuid } from "@/lib/files/asset-keys";
import { FetchRefused, fetchUrl } from "@/lib/files/fetch-url";
import { IMAGE_MIME_TYPES } from "@/lib/files/file-kinds";
import { imageFacts } from "@/lib/files/image-facts";
import { recordAsset, safeFilename, storeFile, type StoredAsset } from "./host-file";
import type { ImageInputDto } from "./schemas";

/**
 * The images of a content item (POST and PUT /v3/content). An image is valid when its uuid names
 * a hosted image the caller may use, or, with an empty uuid, when its url downloads as a PNG, JPEG,
 * GIF or WebP image. Invalid ones are skipped silently, as the document says of failed downloads;
 * an item needs at least one valid image.
 */

export type PreparedImage = { kind: "hosted"; uuid: string } | { kind: "downloaded"; stored: StoredAsset };

const PARALLEL_DOWNLOADS = 4;

export const NO_VALID_IMAGE =
  "No valid image: give the uuid of a hosted image (POST /v3/images) or a public PNG, JPEG, GIF or WebP URL that downloads";

/**
 * Downloads and stores the url images, before any transaction is opened (a download may take up
 * to 10 s). Returns the images in the order given, the skipped ones left out.
 */
export async function prepareImages(inputs: ImageInputDto[], { dryRun = false }: { dryRun?: boolean } = {}): Promise<PreparedImage[]> {
  const results: (PreparedImage | null)[] = new Array(inputs.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      results[i] = await prepareOne(inputs[i], dryRun);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, inputs.length) }, worker));
  return results.filter((r): r is PreparedImage => r !== null);
}

async function prepareOne(input: ImageInputDto, dryRun: boolean): Promise<PreparedImage | null> {
  const uuid = input.uuid.trim();
  if (uuid !== "") return isUuid(uuid) ? { kind: "hosted", uuid: uuid.toLowerCase() } : null;
  if (!input.url?.trim()) return null;
  try {
    const file = await fetchUrl(input.url.trim(), { accept: "image" });
    const facts = await imageFacts(file.bytes);
    if (!facts) return null;
    const filename = safeFilename(input.filename, file.filename);
    return { kind: "downloaded", stored: await storeFile({ bytes: file.bytes, filename, ...facts }, { dryRun }) };
  } catch (error) {
    if (error instanceof FetchRefused) return null;
    throw error;
  }
}

/**
 * Inside the write: hosted uuids are checked against what the caller may use (an image of the
 * item's company or one they uploaded), downloaded ones are recorded as the company's. Returns the
 * asset ids in order without repeats; none is a 400 naming `images`.
 */
export async function recordImages(tx: Tx, caller: Caller, companyId: number, prepared: PreparedImage[]): Promise<number[]> {
  const hostedUuids = prepared.flatMap((p) => (p.kind === "hosted" ? [p.uuid] : []));
  const hosted = hostedUuids.length
    ? await tx.asset.findMany({
        where: {
          uuid: { in: hostedUuids },
          mimeType: { in: [...IMAGE_MIME_TYPES] },
          OR: [{ companyId }, { uploadedBy: caller.userId }],
        },
        select: { id: true, uuid: true },
      })
    : [];
  const idByUuid = new Map(hosted.map((a) => [a.uuid, a.id]));
  const ids: number[] = [];
  for (const image of prepared) {
    const id =
      image.kind === "hosted"
        ? idByUuid.get(image.uuid)
        : (await recordAsset(tx, image.stored, { companyId, uploadedBy: caller.userId })).id;
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) throw validationError([{ path: "images", message: NO_VALID_IMAGE }]);
  return ids;
}

/** Replaces a product's images with these assets, in this order. */
export async function setProductImages(tx: Tx, productId: number, assetIds: number[]) {
  await tx.productImage.deleteMany({ where: { productId } });
  await tx.productImage.createMany({ data: assetIds.map((assetId, position) => ({ productId, assetId, position })) });
}
