import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { isUuid } from "@/lib/files/asset-keys";
import { fetchAll } from "@/lib/files/fetch-all";
import { FetchRefused } from "@/lib/files/fetch-url";
import { imageFacts } from "@/lib/files/image-facts";
import { recordAsset, safeFilename, type RequestFiles, type StoredAsset } from "./host-file";
import type { ImageInputDto } from "./schemas";
import { usableImages } from "./usable-images";

/**
 * The images of a content item (POST and PUT /v3/content). An image is valid when its uuid names
 * a hosted image the caller may use, or, with an empty uuid, when its url downloads as a PNG, JPEG,
 * GIF or WebP image. Invalid ones are skipped silently, as the document says of failed downloads;
 * an item needs at least one valid image.
 */

export type PreparedImage = { kind: "hosted"; uuid: string } | { kind: "downloaded"; stored: StoredAsset };

export const NO_VALID_IMAGE =
  "No valid image: give the uuid of a hosted image (POST /v3/images) or a public PNG, JPEG, GIF or WebP URL that downloads";

/**
 * Downloads the url images and stores them through `files` (which deletes them again should the
 * request fail), before any transaction is opened. Returns the images in the order given, the
 * skipped ones left out. Call it only once the caller may write to the item's company.
 */
export async function prepareImages(inputs: ImageInputDto[], files: RequestFiles): Promise<PreparedImage[]> {
  const urls = inputs.map((input) => (input.uuid.trim() === "" ? input.url?.trim() : undefined));
  const wanted = [...urls.entries()].filter((entry): entry is [number, string] => Boolean(entry[1]));
  const outcomes = await fetchAll(
    wanted.map(([, url]) => url),
    { accept: "image" },
    async (file, position): Promise<PreparedImage | null> => {
      const facts = await imageFacts(file.bytes);
      if (!facts) return null;
      const filename = safeFilename(inputs[wanted[position][0]].filename, file.filename);
      return { kind: "downloaded", stored: await files.store({ bytes: file.bytes, filename, ...facts }) };
    },
  );
  const downloaded = new Map(wanted.map(([index], position) => [index, outcomes[position]]));
  return inputs.flatMap((input, index): PreparedImage[] => {
    const uuid = input.uuid.trim();
    if (uuid !== "") return isUuid(uuid) ? [{ kind: "hosted", uuid: uuid.toLowerCase() }] : [];
    const outcome = downloaded.get(index);
    // A failed download is skipped, as the document says.
    return outcome && !(outcome instanceof FetchRefused) ? [outcome] : [];
  });
}

/**
 * Inside the write: hosted uuids are checked against what the caller may use (an image of the
 * item's company or one they uploaded), downloaded ones are recorded as the company's. Returns the
 * asset ids in order without repeats; none is a 400 naming `images`.
 */
export async function recordImages(tx: Tx, caller: Caller, companyId: number, prepared: PreparedImage[]): Promise<number[]> {
  const hostedUuids = prepared.flatMap((p) => (p.kind === "hosted" ? [p.uuid] : []));
  const idByUuid = await usableImages(tx, { caller, companyId, uuids: hostedUuids });
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
