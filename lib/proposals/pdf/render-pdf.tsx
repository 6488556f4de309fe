import { renderToBuffer } from "@react-pdf/renderer";
import pLimit from "p-limit";
import type { Tx } from "@/lib/db/client";
import { getStorage } from "@/lib/files/storage";
import { appOrigin } from "@/lib/mail/app-url";
import type { FrozenProposal } from "../acceptance/frozen-document";
import { registerPdfFonts } from "./fonts";
import { ProposalPdf, type Certificate, type PdfImage } from "./proposal-document";

/** PDFs drawn at once per instance; the rest wait their turn. A PDF with images is tens of megabytes while it is drawn. */
const limitDrawing = pLimit(2);

/** At most this many images are embedded in one PDF; the rest are named as on the web page only. */
const MAX_IMAGES = 60;

const EMBEDDABLE: Record<string, "png" | "jpg"> = { "image/png": "png", "image/jpeg": "jpg" };

/**
 * The hosted images the proposal's lines show, from the app's storage (never fetched from the
 * network). PNG and JPEG are embedded; GIF and WebP, which PDF cannot draw without converting them,
 * and images no longer stored, are left out, and the PDF says so under their line.
 */
async function loadImages(tx: Tx, proposal: FrozenProposal): Promise<Map<string, PdfImage>> {
  const uuids = [...new Set(proposal.blocks.flatMap((b) => b.image_uuids))].slice(0, MAX_IMAGES);
  const images = new Map<string, PdfImage>();
  if (!uuids.length) return images;
  const assets = await tx.asset.findMany({ where: { uuid: { in: uuids } }, select: { uuid: true, mimeType: true, storageKey: true } });
  const storage = getStorage();
  await Promise.all(
    assets.map(async (asset) => {
      const format = EMBEDDABLE[asset.mimeType];
      if (!format) return;
      const file = await storage.get(asset.storageKey).catch(() => null);
      if (file) images.set(asset.uuid, { data: file.bytes, format });
    }),
  );
  return images;
}

export type PdfInput = { proposal: FrozenProposal; statusLine?: string | null; certificate?: Omit<Certificate, "verifyUrl"> };

/** A proposal's PDF (with its acceptance certificate, for a record), drawn on this server. */
export async function renderProposalPdf(tx: Tx, { proposal, statusLine, certificate }: PdfInput): Promise<Buffer> {
  const images = await loadImages(tx, proposal);
  const appUrl = appOrigin();
  return limitDrawing(() => {
    registerPdfFonts();
    return renderToBuffer(
      <ProposalPdf
        proposal={proposal}
        images={images}
        statusLine={statusLine}
        certificate={certificate && { ...certificate, verifyUrl: `${appUrl}/verify` }}
        appUrl={appUrl}
      />,
    );
  });
}
