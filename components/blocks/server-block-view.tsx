import type { ReactNode } from "react";
import type { BlockLike } from "@/lib/authoring/blocks/block-content";
import { BlockErrorBoundary } from "./block-error-boundary";
import { BlockNote } from "./block-note";
import { renderBlock } from "./render-block";

/**
 * BlockView for server components: the block's HTML is in the page the server sends, and only its
 * interactive parts hydrate. As in the browser, one block that cannot be rendered shows a note and
 * the rest of the page stays: a failure while rendering it here is caught here, one in a client
 * island by the error boundary around it.
 */
export function ServerBlockView({ block }: { block: BlockLike }) {
  let rendered: ReactNode;
  try {
    rendered = renderBlock(block);
  } catch (error) {
    console.error("A block could not be rendered", { blockId: block.id, error });
    rendered = <BlockNote />;
  }
  return (
    <div data-block-type={block.type} className="block-view">
      <BlockErrorBoundary>{rendered}</BlockErrorBoundary>
    </div>
  );
}
