/**
 * A PDF's text and metadata as a reader extracts them, with pdfjs-dist (Mozilla's PDF.js): what the
 * tests check a PDF by, so they read the file a customer gets, not what our code meant to write.
 */
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

export type PdfText = {
  /** Each page's text, its lines joined by "\n". */
  pages: string[];
  info: Record<string, unknown>;
};

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdfjs takes ownership of the buffer it is given: a copy keeps the caller's bytes intact.
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    }
    return { pages, info: (await doc.getMetadata()).info as Record<string, unknown> };
  } finally {
    await doc.destroy();
  }
}

/** Text with runs of whitespace made one space: where a line breaks is the layout's business. */
export const flat = (text: string) => text.replace(/\s+/g, " ").trim();
