import path from "node:path";
import { Font } from "@react-pdf/renderer";

/**
 * The PDFs' one typeface, shipped in ./fonts (DejaVu Sans, its licence beside it) and embedded in
 * each PDF as the subset the document uses: no CDN, and names such as "Zoë Ångström", "Łukasz" or
 * "Ελένη" print as typed. PDF's built-in Helvetica would print only Latin-1. Scripts DejaVu Sans does
 * not cover (Chinese, Japanese, Korean, Indic) print as blank boxes (docs/decisions/036).
 */
export const PDF_FONT = "DejaVu Sans";

// Read from the repository at run time, as the migrations are (lib/db/migrate.ts).
const fontFile = (name: string) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), "lib", "proposals", "pdf", "fonts", name);

let isRegistered = false;

/** Registers the typeface with the renderer, once per process. */
export function registerPdfFonts(): void {
  if (isRegistered) return;
  Font.register({
    family: PDF_FONT,
    fonts: [
      { src: fontFile("DejaVuSans.ttf"), fontWeight: 400 },
      { src: fontFile("DejaVuSans-Bold.ttf"), fontWeight: 700 },
    ],
  });
  // No hyphens inserted into names, amounts or hashes; a word too long for its line (a URL, a
  // user agent) still breaks, in pieces, rather than run off the page.
  Font.registerHyphenationCallback((word) => (word.length > 40 ? (word.match(/.{1,30}/g) ?? [word]) : [word]));
  isRegistered = true;
}
