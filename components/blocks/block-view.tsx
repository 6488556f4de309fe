"use client";

import type { BlockLike } from "@/lib/authoring/blocks/block-content";
import { BlockErrorBoundary } from "./block-error-boundary";
import { renderBlock } from "./render-block";

export type { BlockLike } from "@/lib/authoring/blocks/block-content";

/** Renders inside the error boundary, so a renderer that throws is caught by it. */
function Rendered({ block }: { block: BlockLike }) {
  return renderBlock(block);
}

/**
 * Renders one block of any type, for the editor's preview and other previews in the browser (the
 * learner's lesson renders on the server: ./server-block-view.tsx). Content that does not match its
 * type, unknown types and renderer failures all end in a small note: one bad block never takes the
 * page down.
 */
export function BlockView({ block }: { block: BlockLike }) {
  return (
    <div data-block-type={block.type} className="block-view">
      <BlockErrorBoundary resetKey={block.content ?? block.question ?? block.quiz}>
        <Rendered block={block} />
      </BlockErrorBoundary>
    </div>
  );
}
