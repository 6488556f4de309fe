import { Caption } from "@/components/blocks/block-note";
import { parseImage } from "@/lib/authoring/blocks/types/image";
import type { PackageBlock } from "@/lib/authoring/exchange/package/package-data";
import { ImageBlock } from "./view";

/** An image block; a picture copied into the package is shown from there, like ImageBlock shows it. */
export function PackageImage({ block }: { block: PackageBlock }) {
  const c = parseImage(block.content);
  if (!c || c.source.type !== "url" || !block.local_image) return ImageBlock({ content: block.content });
  return (
    <figure>
      <img
        src={block.local_image}
        alt={c.alt}
        loading="lazy"
        className="mx-auto h-auto max-h-[32rem] max-w-full rounded-md object-contain"
      />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}
