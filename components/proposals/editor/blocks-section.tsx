"use client";

import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { ContentItemDto } from "@/components/proposals/queries";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { useSortableA11y, useSortableSensors, verticalOnly } from "@/components/ui/use-sortable-a11y";
import { ApiClientError } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import type { BlockDraft } from "./block-draft";
import { issueAt } from "./format";
import { LibraryPicker } from "./library-picker";
import { ProposalBlockCard } from "./proposal-block-card";
import { ProposalVideoForm } from "./proposal-video-form";
import { blockRef, type BlockChange, type ProposalBlockDto, type ProposalChange, type ProposalDto } from "./queries";

// proposal-editor.tsx reads a block's draft and price from here.

/**
 * The proposal's blocks in order: added from the library or as videos, reordered by dragging the
 * handle or by keyboard (each step announced), removed, and customised per block with autosave.
 */
export function BlocksSection({
  proposal,
  isReadOnly,
  patch,
  patchBlock,
  onDraft,
}: {
  proposal: ProposalDto;
  isReadOnly: boolean;
  patch: (change: ProposalChange) => Promise<ProposalDto>;
  patchBlock: (blockUuid: string, change: BlockChange) => Promise<ProposalDto>;
  onDraft: (uuid: string, draft: BlockDraft) => void;
}) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const dndId = useId();
  const [picker, setPicker] = useState<"library" | "video" | null>(null);
  const [error, setError] = useState<string>();
  const sensors = useSortableSensors();
  const blocks = proposal.blocks;
  const ids = blocks.map((b) => b.uuid);

  const { announcements, screenReaderInstructions } = useSortableA11y(ids, "block", (id) => blocks.find((b) => b.uuid === id)?.title);

  /** Sends the whole ordered list (uuids echoed, so customisations stay). */
  async function saveList(next: ProposalChange["blocks"], optimistic?: ProposalBlockDto[]) {
    setError(undefined);
    if (optimistic)
      client.setQueryData<ProposalDto>(proposalKeys.detail(proposal.uuid), (old) => (old ? { ...old, blocks: optimistic } : old));
    try {
      return await patch({ blocks: next });
    } catch (e) {
      setError(e instanceof ApiClientError ? (issueAt(e.issues, "blocks") ?? e.message) : "The blocks could not be saved.");
      await client.invalidateQueries({ queryKey: proposalKeys.detail(proposal.uuid) });
      throw e;
    }
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const moved = arrayMove(blocks, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    void saveList(moved.map(blockRef), moved).catch(() => {});
  }

  async function remove(block: ProposalBlockDto) {
    const ok = await confirm({
      title: "Remove this block?",
      body: `“${block.title || "This block"}” and its price, quantity and discount changes will be removed from the proposal. The library item stays.`,
      confirmLabel: "Remove block",
      tone: "danger",
    });
    if (!ok) return;
    const rest = blocks.filter((b) => b.uuid !== block.uuid);
    await saveList(rest.map(blockRef), rest).catch(() => {});
  }

  async function addProduct(item: ContentItemDto) {
    setPicker(null);
    await saveList([...blocks.map(blockRef), { type: "product-block", content_id: item.variation_id }]).catch(() => {});
  }

  async function addVideo(url: string, title: string) {
    const updated = await saveList([...blocks.map(blockRef), { type: "video-block", video_url: url }]);
    setPicker(null);
    // A plain PATCH ignores block titles: the new block gets its title through the block endpoint.
    const added = updated.blocks.at(-1);
    if (added && title) await patchBlock(added.uuid, { title }).catch(() => setError("The video was added, but its title was not saved."));
  }

  return (
    <section aria-labelledby="blocks-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="blocks-heading" className="text-base font-semibold text-slate-900">
          Blocks
        </h2>
        {isReadOnly ? null : (
          <div className="flex gap-2">
            <Button type="button" variant="secondary" onClick={() => setPicker("library")}>
              <PlusIcon /> Add from library
            </Button>
            <Button type="button" variant="secondary" onClick={() => setPicker("video")}>
              <PlusIcon /> Add video
            </Button>
          </div>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {blocks.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No blocks yet. Add products from the library or a video.
        </p>
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol aria-label="Blocks of this proposal" className="space-y-3">
              {blocks.map((block, index) => (
                <ProposalBlockCard
                  key={block.uuid}
                  proposal={proposal}
                  block={block}
                  index={index}
                  isReadOnly={isReadOnly}
                  patchBlock={patchBlock}
                  onDraft={onDraft}
                  onRemove={() => void remove(block)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {picker === "library" ? (
        <LibraryPicker proposal={proposal} onAdd={(item) => void addProduct(item)} onClose={() => setPicker(null)} />
      ) : null}
      {picker === "video" ? <ProposalVideoForm onAdd={addVideo} onClose={() => setPicker(null)} /> : null}
    </section>
  );
}
