"use client";

import { useCollapsedBlocks } from "./collapsed-blocks";

/** A long lesson folds to what learners see: every card collapsed, or every card's form shown. */
export function CollapseAll({ blockIds }: { blockIds: string[] }) {
  const { collapsed, setCollapsed } = useCollapsedBlocks();
  const allCollapsed = blockIds.length > 0 && blockIds.every((id) => collapsed.has(id));
  return (
    <div className="mb-2 flex justify-end">
      <button
        type="button"
        onClick={() => setCollapsed(blockIds, !allCollapsed)}
        className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900"
      >
        {allCollapsed ? "Expand all blocks" : "Collapse all blocks"}
      </button>
    </div>
  );
}
