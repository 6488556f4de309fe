// No "use client": renders a block with its type's view (./types/views.tsx), for the editor's
// BlockView in the browser and the learner's lesson on the server.
import type { ReactNode } from "react";
import type { BlockLike } from "@/lib/authoring/blocks/block-content";
import { BlockNote } from "./block-note";
import { blockViewOf } from "./types/views";

/**
 * A block's content. Views without hooks are called here rather than placed as elements, so a
 * view that throws (content it cannot read) throws in the caller, which shows a note instead. A
 * type this server does not know (a newer server's) is the small note too.
 */
export function renderBlock(block: BlockLike): ReactNode {
  const view = blockViewOf(block.type);
  return view ? view(block) : <BlockNote />;
}
