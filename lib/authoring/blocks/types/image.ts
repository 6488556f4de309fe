import { defineBlockType, isObject, str } from "./define";

export type ImageSource = { type: "url"; url: string } | { type: "svg"; code: string };
export type ImageContent = { source: ImageSource; alt: string; caption: string };

export function parseImage(content: unknown): ImageContent | null {
  if (!isObject(content) || !isObject(content.source)) return null;
  const { source } = content;
  const base = { alt: str(content.alt), caption: str(content.caption) };
  if (source.type === "url" && typeof source.url === "string") return { source: { type: "url", url: source.url }, ...base };
  if (source.type === "svg" && typeof source.code === "string") return { source: { type: "svg", code: source.code }, ...base };
  return null;
}

export const imageBlock = defineBlockType({
  type: "image",
  label: "Image",
  description: "A picture from a link, or SVG code",
  icon: "▣",
  content: { parse: parseImage, initial: () => ({ source: { type: "url", url: "" }, alt: "", caption: "" }) },
});
