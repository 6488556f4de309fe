// No "use client": renders on the server for the learner's lesson and in the browser for previews.
import { BlockNote, Caption } from "@/components/blocks/block-note";
import { isWebUrl } from "@/lib/authoring/blocks/block-content";
import { parseImage } from "@/lib/authoring/blocks/types/image";

/**
 * An SVG shown through <img> never runs its scripts or loads what it links to; an xmlns is added
 * when missing because image decoding needs it.
 */
export function svgDataUrl(code: string) {
  let svg = code.trim();
  if (/^<svg\b/i.test(svg) && !/^<svg\b[^>]*\sxmlns=/i.test(svg)) svg = svg.replace(/^<svg\b/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The size an SVG means to be drawn at: its root's width and height in pixels, or its viewBox.
 * Through <img>, an SVG with only a viewBox has no size of its own and would fill the column.
 */
function svgSize(code: string): { width: number; height: number } | null {
  const root = code.match(/<svg\b[^>]*>/i)?.[0];
  if (!root) return null;
  const attr = (name: string) => root.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i"))?.[1]?.trim();
  const pixels = (value: string | undefined) => (value && /^\d+(\.\d+)?(px)?$/.test(value) ? parseFloat(value) : NaN);
  const box = (attr("viewBox") ?? "").split(/[\s,]+/).map(Number);
  const boxWidth = box.length === 4 && box[2] > 0 ? box[2] : NaN;
  const boxHeight = box.length === 4 && box[3] > 0 ? box[3] : NaN;
  let width = pixels(attr("width"));
  let height = pixels(attr("height"));
  if (!(width > 0) && height > 0 && boxWidth && boxHeight) width = (height * boxWidth) / boxHeight;
  if (!(height > 0) && width > 0 && boxWidth && boxHeight) height = (width * boxHeight) / boxWidth;
  if (!(width > 0) || !(height > 0)) [width, height] = [boxWidth, boxHeight];
  return width > 0 && height > 0 ? { width: Math.round(width), height: Math.round(height) } : null;
}

export function ImageBlock({ content }: { content: unknown }) {
  const c = parseImage(content);
  if (!c) return <BlockNote />;
  const src =
    c.source.type === "svg"
      ? c.source.code.trim()
        ? svgDataUrl(c.source.code)
        : null
      : isWebUrl(c.source.url)
        ? c.source.url.trim()
        : null;
  if (!src) {
    return (
      <BlockNote>
        {c.source.type === "svg"
          ? "No SVG code yet."
          : c.source.url.trim()
            ? "This image address cannot be shown (use an http or https link)."
            : "No image address yet."}
      </BlockNote>
    );
  }
  // Drawn at its own size, never wider than the column (and scaled down with it).
  const size = c.source.type === "svg" ? svgSize(c.source.code) : null;
  return (
    <figure>
      <img
        src={src}
        alt={c.alt}
        loading="lazy"
        referrerPolicy="no-referrer"
        width={size?.width}
        height={size?.height}
        className="mx-auto h-auto max-h-[32rem] max-w-full rounded-md object-contain"
      />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}
