import type { Caller } from "@/lib/api/authenticate";
import { validationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { IMAGE_MIME_TYPES } from "@/lib/files/file-kinds";

/**
 * Which hosted images a caller may put on a company's content or proposals: the company's own, and
 * those the caller uploaded. One rule for every place that takes an image by uuid, so another
 * company's image never shows on this company's pages.
 */
export async function usableImages(
  tx: Tx,
  { caller, companyId, uuids }: { caller: Caller; companyId: number; uuids: string[] },
): Promise<Map<string, number>> {
  if (!uuids.length) return new Map();
  const rows = await tx.asset.findMany({
    where: {
      uuid: { in: [...new Set(uuids.map((u) => u.toLowerCase()))] },
      mimeType: { in: [...IMAGE_MIME_TYPES] },
      OR: [{ companyId }, { uploadedBy: caller.userId }],
    },
    select: { id: true, uuid: true },
  });
  return new Map(rows.map((a) => [a.uuid, a.id]));
}

/** An image a request names: where in the body, its uuid, and the id when the body gives one too ({id, uuid}). */
export type ImageRef = { path: string; uuid: string; id?: number };

/** Refuses (400, an issue per field) any image the caller may not use on the company's proposal, or whose id and uuid disagree. */
export async function assertUsableImages(tx: Tx, input: { caller: Caller; companyId: number; refs: ImageRef[] }) {
  const usable = await usableImages(tx, { caller: input.caller, companyId: input.companyId, uuids: input.refs.map((r) => r.uuid) });
  const issues = input.refs
    .filter((ref) => {
      const id = usable.get(ref.uuid.toLowerCase());
      return id === undefined || (ref.id !== undefined && ref.id !== id);
    })
    .map((ref) => ({ path: ref.path, message: "No image with this uuid in the company's images (upload it with POST /v3/images)" }));
  if (issues.length) throw validationError(issues);
}

/** The images of a proposal body: blocks' image_uuids (read only on create) and the background. */
export function proposalImageRefs(
  body: { background_image?: { id: number; uuid: string } | null; blocks?: { image_uuids?: string[] }[] },
  { withBlocks }: { withBlocks: boolean },
): ImageRef[] {
  const refs: ImageRef[] = [];
  if (body.background_image) refs.push({ path: "background_image", ...body.background_image });
  if (withBlocks) {
    body.blocks?.forEach((block, i) => block.image_uuids?.forEach((uuid, j) => refs.push({ path: `blocks.${i}.image_uuids.${j}`, uuid })));
  }
  return refs;
}
