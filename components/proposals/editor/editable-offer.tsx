"use client";

import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useQueryClient } from "@tanstack/react-query";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import type { ContentItemDto } from "@/components/proposals/queries";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { useSortableA11y, useSortableSensors, verticalOnly } from "@/components/ui/use-sortable-a11y";
import { ApiClientError } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import type { BlockDraft } from "./block-draft";
import { EditableBlock, type BlockContext } from "./editable-block";
import { issueAt } from "./format";
import { LibraryPicker } from "./library-picker";
import { ProposalVideoForm } from "./proposal-video-form";
import { blockRef, type BlockChange, type ProposalBlockDto, type ProposalChange, type ProposalDto } from "./queries";

/** Where the library picker is open: before the block at this index (the number of blocks: at the end). */
type PickerAt = number | null;

/**
 * The offer of a draft, in place: its blocks as the customer will see them, each editable; a bar
 * between blocks adds a library item right there; the end adds an item or a video. Blocks are
 * reordered by their handle or by keyboard (each step announced). The totals are the page's own,
 * from what is typed (`totals`, which follows the drafts by itself: typing does not re-render this).
 */
export function EditableOffer({
  proposal,
  totals,
  patch,
  patchBlock,
  onDraft,
}: {
  proposal: ProposalDto;
  totals: ReactNode;
  patch: (change: ProposalChange) => Promise<ProposalDto>;
  patchBlock: (blockUuid: string, change: BlockChange) => Promise<ProposalDto>;
  onDraft: (uuid: string, draft: BlockDraft) => void;
}) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [pickerAt, setPickerAt] = useState<PickerAt>(null);
  const [isAddingVideo, setAddingVideo] = useState(false);
  const [error, setError] = useState<string>();
  const blocks = proposal.blocks;

  // One object per proposal's money settings: blocks compare it by identity (EditableBlock is memoised).
  const { uuid, currency, language, tax_options } = proposal;
  const context = useMemo<BlockContext>(() => ({ uuid, currency, language, tax_options }), [uuid, currency, language, tax_options]);

  // The latest list and writes, read by callbacks that stay the same object for the blocks' sake.
  const latest = useRef({ blocks, patch, patchBlock });
  useEffect(() => {
    latest.current = { blocks, patch, patchBlock };
  });

  /** Sends the whole ordered list (uuids echoed, so customisations stay). */
  const saveList = useCallback(
    async (next: ProposalChange["blocks"], optimistic?: ProposalBlockDto[]) => {
      setError(undefined);
      if (optimistic) client.setQueryData<ProposalDto>(proposalKeys.detail(uuid), (old) => (old ? { ...old, blocks: optimistic } : old));
      try {
        return await latest.current.patch({ blocks: next });
      } catch (e) {
        setError(e instanceof ApiClientError ? (issueAt(e.issues, "blocks") ?? e.message) : "The blocks could not be saved.");
        await client.invalidateQueries({ queryKey: proposalKeys.detail(uuid) });
        throw e;
      }
    },
    [client, uuid],
  );

  const stablePatchBlock = useCallback((blockUuid: string, change: BlockChange) => latest.current.patchBlock(blockUuid, change), []);

  const remove = useCallback(
    async (block: ProposalBlockDto) => {
      const ok = await confirm({
        title: "Remove this block?",
        body: `“${block.title || "This block"}” and its price, quantity and discount changes will be removed from the proposal. The library item stays.`,
        confirmLabel: "Remove block",
        tone: "danger",
      });
      if (!ok) return;
      const rest = latest.current.blocks.filter((b) => b.uuid !== block.uuid);
      await saveList(rest.map(blockRef), rest).catch(() => {});
    },
    [confirm, saveList],
  );

  const move = useCallback(
    (from: number, to: number) => {
      const moved = arrayMove(latest.current.blocks, from, to);
      void saveList(moved.map(blockRef), moved).catch(() => {});
    },
    [saveList],
  );

  const addProduct = useCallback(
    async (at: number, item: ContentItemDto) => {
      setPickerAt(null);
      const refs = latest.current.blocks.map(blockRef);
      await saveList([...refs.slice(0, at), { type: "product-block", content_id: item.variation_id }, ...refs.slice(at)]).catch(() => {});
    },
    [saveList],
  );

  async function addVideo(url: string, title: string) {
    const updated = await saveList([...blocks.map(blockRef), { type: "video-block", video_url: url }]);
    setAddingVideo(false);
    // A plain PATCH ignores block titles: the new block gets its title through the block endpoint.
    const added = updated.blocks.at(-1);
    if (added && title) await patchBlock(added.uuid, { title }).catch(() => setError("The video was added, but its title was not saved."));
  }

  const togglePicker = useCallback((at: number) => setPickerAt((open) => (open === at ? null : at)), []);

  const closePicker = useCallback(() => setPickerAt(null), []);

  return (
    <section aria-labelledby="recipient-offer" className="recipient-offer space-y-4">
      <h2 id="recipient-offer" className="text-xl font-semibold text-slate-900">
        Offer
      </h2>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {blocks.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          No blocks yet. Add products from the library or a video.
        </p>
      ) : (
        <BlockList
          proposal={proposal}
          context={context}
          pickerAt={pickerAt}
          onTogglePicker={togglePicker}
          onClosePicker={closePicker}
          onAdd={addProduct}
          onMove={move}
          onRemove={remove}
          patchBlock={stablePatchBlock}
          onDraft={onDraft}
        />
      )}
      {pickerAt === blocks.length ? (
        <LibraryPicker proposal={proposal} onAdd={(item) => void addProduct(blocks.length, item)} onClose={closePicker} />
      ) : null}
      {isAddingVideo ? <ProposalVideoForm onAdd={addVideo} onClose={() => setAddingVideo(false)} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" aria-expanded={pickerAt === blocks.length} onClick={() => setPickerAt(blocks.length)}>
          <PlusIcon /> Add from library
        </Button>
        <Button type="button" variant="secondary" onClick={() => setAddingVideo(true)}>
          <PlusIcon /> Add video
        </Button>
      </div>
      {totals}
    </section>
  );
}

/** dnd-kit's modifiers: one array for every render. */
const MODIFIERS = [verticalOnly];

/**
 * The sortable list of blocks. Memoised, with props that keep their identity while a block is typed
 * into: typing re-renders the editor (the totals follow the drafts), but not this list, the drag
 * contexts or the other blocks. Its props change when the proposal is saved or the picker moves.
 */
const BlockList = memo(function BlockList({
  proposal,
  context,
  pickerAt,
  onTogglePicker,
  onClosePicker,
  onAdd,
  onMove,
  onRemove,
  patchBlock,
  onDraft,
}: {
  proposal: ProposalDto;
  context: BlockContext;
  pickerAt: PickerAt;
  onTogglePicker: (at: number) => void;
  onClosePicker: () => void;
  onAdd: (at: number, item: ContentItemDto) => Promise<void>;
  onMove: (from: number, to: number) => void;
  onRemove: (block: ProposalBlockDto) => void;
  patchBlock: (blockUuid: string, change: BlockChange) => Promise<unknown>;
  onDraft: (uuid: string, draft: BlockDraft) => void;
}) {
  const dndId = useId();
  const sensors = useSortableSensors();
  const blocks = proposal.blocks;
  // The same array while the order is the same: every block's useSortable reads it from the context.
  const idsKey = blocks.map((b) => b.uuid).join(",");
  const ids = useMemo(() => (idsKey ? idsKey.split(",") : []), [idsKey]);
  const { announcements, screenReaderInstructions } = useSortableA11y(ids, "block", (id) => blocks.find((b) => b.uuid === id)?.title);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={MODIFIERS}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label="Blocks of this proposal" className="divide-y divide-slate-200">
          {blocks.map((block, index) => (
            <EditableBlock
              key={block.uuid}
              context={context}
              block={block}
              index={index}
              patchBlock={patchBlock}
              onDraft={onDraft}
              onRemove={onRemove}
              isPickerOpen={pickerAt === index}
              onInsertBefore={onTogglePicker}
              picker={
                pickerAt === index ? (
                  <LibraryPicker proposal={proposal} onAdd={(item) => void onAdd(index, item)} onClose={onClosePicker} />
                ) : null
              }
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
});
