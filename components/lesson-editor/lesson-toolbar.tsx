"use client";

import { Alert } from "@/components/ui/alert";
import type { BlockTypeName } from "@/lib/authoring/blocks/types/registry";
import { AddBlockMenu } from "./add-block-menu";
import { AlsoEditedNotice } from "./also-edited-notice";

/**
 * The bar that stays on top while the author scrolls: add a block (and where it goes), how many
 * there are, who else edits the lesson, and why the last add or move was refused.
 */
export function LessonToolbar({
  placement,
  isAdding,
  isDisabled,
  onPick,
  onAddAtEnd,
  blockCount,
  alsoEdited,
  error,
  onDismissError,
}: {
  /** Where a new block goes, in words ("at the end", "after block 2 (Text)"). */
  placement: string;
  isAdding: boolean;
  isDisabled: boolean;
  onPick: (type: BlockTypeName) => void;
  /** Offered while new blocks would go somewhere other than the end. */
  onAddAtEnd?: () => void;
  /** Undefined until the blocks are read. */
  blockCount?: number;
  /** Undefined when nobody else edits the lesson. */
  alsoEdited?: { who?: string; blockNumbers?: number[] };
  error?: string;
  onDismissError: () => void;
}) {
  return (
    <div className="sticky top-0 z-20 -mx-2 space-y-2 rounded-lg border border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <AddBlockMenu onPick={onPick} disabled={isAdding || isDisabled} placement={placement} />
          <p className="text-sm text-slate-500">
            {isAdding ? "Adding…" : <>New blocks go {placement}.</>}
            {!isAdding && onAddAtEnd ? (
              <button type="button" className="ml-2 font-medium text-brand-600 hover:text-brand-700" onClick={onAddAtEnd}>
                Add at the end instead
              </button>
            ) : null}
          </p>
        </div>
        <p className="text-sm text-slate-500">
          {blockCount !== undefined ? `${blockCount} ${blockCount === 1 ? "block" : "blocks"}` : null}
        </p>
      </div>
      {alsoEdited ? <AlsoEditedNotice who={alsoEdited.who} blockNumbers={alsoEdited.blockNumbers} /> : null}
      {/* In the sticky bar, so a refused move or add is seen wherever the author has scrolled to. */}
      {error ? (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert>{error}</Alert>
          </div>
          <button type="button" className="px-1 py-2 text-sm text-slate-500 hover:text-slate-800" onClick={onDismissError}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
