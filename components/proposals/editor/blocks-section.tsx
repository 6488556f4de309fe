"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { SaveErrorBar, SaveIndicator } from "@/components/lesson-editor/save-indicator";
import { useAutosave } from "@/components/lesson-editor/use-autosave";
import { useContentList, type ContentItemDto } from "@/components/proposals/queries";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { GripIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { useSortableA11y } from "@/components/ui/use-sortable-a11y";
import { Modal } from "@/components/ui/modal";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { proposalKeys } from "@/lib/client/query-keys";
import { formatMoney, issueAt, numberText, parseNumber, youtubeId } from "./format";
import { blockRef, type BlockChange, type ProposalBlockDto, type ProposalChange, type ProposalDto } from "./queries";
import { lineAmount, type PricedLine } from "./totals";

export type BlockDraft = { title: string; description: string; price: string; quantity: string; discount: string };

const toDraft = (b: ProposalBlockDto): BlockDraft => ({
  title: b.title,
  description: b.description,
  price: numberText(b.price),
  quantity: numberText(b.quantity),
  discount: numberText(b.discount),
});

/** A draft's problem, in words, or null when it can be saved. */
function draftProblem(d: BlockDraft, isProduct: boolean): string | null {
  if (!isProduct) return null;
  const price = parseNumber(d.price);
  const quantity = parseNumber(d.quantity);
  const discount = parseNumber(d.discount);
  if (Number.isNaN(price)) return "The price is a number, such as 120 or 99.50.";
  if (quantity === null || Number.isNaN(quantity) || quantity <= 0) return "The quantity is a number above 0.";
  if (Number.isNaN(discount) || (discount !== null && discount > 100)) return "The discount is a percentage from 0 to 100.";
  return null;
}

/** The block as priced from its draft (the saved values where the draft cannot be read). */
export function pricedLine(block: ProposalBlockDto, draft: BlockDraft | undefined): PricedLine {
  const base: PricedLine = {
    uuid: block.uuid,
    type: block.type,
    price: block.price,
    quantity: block.quantity,
    discount: block.discount,
    tax_rate: block.tax_rate,
  };
  if (!draft || draftProblem(draft, block.type === "product-block")) return base;
  return { ...base, price: parseNumber(draft.price), quantity: parseNumber(draft.quantity), discount: parseNumber(draft.discount) };
}

function toChange(d: BlockDraft, isProduct: boolean): BlockChange {
  const change: BlockChange = { title: d.title, description: d.description };
  if (!isProduct) return change;
  return { ...change, price: parseNumber(d.price), quantity: parseNumber(d.quantity) ?? 1, discount: parseNumber(d.discount) };
}

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function VideoPreview({ url, title }: { url: string; title: string }) {
  const id = youtubeId(url);
  if (!id) {
    return (
      <a href={url} target="_blank" rel="noreferrer noopener" className="text-sm break-all text-brand-700 underline">
        {url}
      </a>
    );
  }
  return (
    <iframe
      src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`}
      title={`Video: ${title || "YouTube"}`}
      className="aspect-video w-full rounded-md border-0"
      allow="encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
    />
  );
}

function BlockCard({
  proposal,
  block,
  index,
  isReadOnly,
  patchBlock,
  onDraft,
  onRemove,
}: {
  proposal: ProposalDto;
  block: ProposalBlockDto;
  index: number;
  isReadOnly: boolean;
  patchBlock: (blockUuid: string, change: BlockChange) => Promise<ProposalDto>;
  onDraft: (uuid: string, draft: BlockDraft) => void;
  onRemove: () => void;
}) {
  const isProduct = block.type === "product-block";
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  const autosave = useAutosave<BlockDraft>({
    initial: toDraft(block),
    backupKey: isReadOnly ? undefined : `proposal-editor:${proposal.uuid}:block:${block.uuid}`,
    validate: (d) => draftProblem(d, isProduct),
    save: async (d) => {
      try {
        await patchBlock(block.uuid, toChange(d, isProduct));
        setIssues([]);
      } catch (error) {
        if (error instanceof ApiClientError) setIssues(error.issues);
        throw error;
      }
    },
  });
  const { value, setValue } = autosave;
  useEffect(() => onDraft(block.uuid, value), [block.uuid, value, onDraft]);

  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.uuid,
    disabled: isReadOnly,
  });
  const name = value.title || (isProduct ? "Untitled product" : "Video");
  const line = pricedLine(block, value);
  const problem = draftProblem(value, isProduct);
  const set = (field: keyof BlockDraft) => (e: { target: { value: string } }) => setValue({ ...value, [field]: e.target.value });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`list-none rounded-lg border border-slate-200 bg-white ${isDragging ? "z-10 shadow-lg ring-1 ring-brand-200" : ""}`}
    >
      <article aria-label={`Block ${index + 1}: ${name}`}>
        <header className="flex items-center gap-2 border-b border-slate-100 px-3 py-2">
          {isReadOnly ? null : (
            <button
              ref={setActivatorNodeRef}
              type="button"
              {...attributes}
              {...listeners}
              aria-label={`Reorder ${name}`}
              className="cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
            >
              <GripIcon />
            </button>
          )}
          <span className="text-xs font-semibold text-slate-400 tabular-nums">{index + 1}</span>
          <h3 className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{name}</h3>
          {isReadOnly ? null : <SaveIndicator status={autosave.status} error={autosave.error} />}
          {isReadOnly ? null : (
            <button
              type="button"
              aria-label={`Remove ${name}`}
              onClick={onRemove}
              className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-700"
            >
              <TrashIcon />
            </button>
          )}
        </header>
        {autosave.error && !problem ? (
          <SaveErrorBar message={autosave.error.message} willRetry={autosave.error.willRetry} onRetry={autosave.retryNow} />
        ) : null}
        <div className="space-y-3 p-3">
          {block.image_uuids[0] ? (
            <img src={`/api/files/${block.image_uuids[0]}`} alt="" className="h-24 w-full rounded object-cover sm:w-40" />
          ) : null}
          {block.type === "video-block" && block.video_url ? <VideoPreview url={block.video_url} title={value.title} /> : null}
          <Field label="Block title" value={value.title} onChange={set("title")} readOnly={isReadOnly} error={issueAt(issues, "title")} />
          <TextAreaField
            label="Block description"
            rows={3}
            value={value.description}
            onChange={set("description")}
            readOnly={isReadOnly}
            error={issueAt(issues, "description")}
          />
          {isProduct ? (
            <div className="grid grid-cols-3 gap-2">
              <Field
                label="Price"
                inputMode="decimal"
                value={value.price}
                onChange={set("price")}
                readOnly={isReadOnly}
                error={issueAt(issues, "price")}
              />
              <Field
                label="Quantity"
                inputMode="decimal"
                value={value.quantity}
                onChange={set("quantity")}
                readOnly={isReadOnly}
                error={issueAt(issues, "quantity")}
              />
              <Field
                label="Discount %"
                inputMode="decimal"
                value={value.discount}
                onChange={set("discount")}
                readOnly={isReadOnly}
                error={issueAt(issues, "discount")}
              />
            </div>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-700">
              {problem} Not saved until it is fixed.
            </p>
          ) : null}
          {isProduct ? (
            <p className="flex justify-between text-sm text-slate-600">
              <span>
                Line total{block.unit ? ` (${block.unit})` : ""}
                {block.tax_rate !== null ? `, tax ${block.tax_rate}%` : ""}
              </span>
              <output aria-label={`Line total of ${name}`} className="font-semibold text-slate-900 tabular-nums">
                {formatMoney(lineAmount(line, proposal), proposal.currency, proposal.language)}
              </output>
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}

function LibraryPicker({
  proposal,
  onAdd,
  onClose,
}: {
  proposal: ProposalDto;
  onAdd: (item: ContentItemDto) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState("");
  const library = useContentList(proposal.company_id);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const items = (library.data ?? []).filter((item) => {
    const text = [...Object.values(item.title), ...Object.values(item.description)].join(" ").toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const titleOf = (item: ContentItemDto) => item.title[proposal.language] ?? Object.values(item.title)[0] ?? `Product ${item.product_id}`;
  return (
    <Modal open onClose={onClose} title="Add from the library" closeOnBackdrop>
      <div className="space-y-3">
        <Field label="Search the library" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
        {library.isLoading ? <p className="text-sm text-slate-500">Loading the library…</p> : null}
        {library.data && !library.data.length ? (
          <p className="text-sm text-slate-500">The library is empty. Create products in the content library first.</p>
        ) : null}
        <ul aria-label="Library items" className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
          {items.map((item) => (
            <li key={item.variation_id} className="flex items-center gap-3 py-2">
              {item.images?.[0] ? <img src={item.images[0].url} alt="" className="h-10 w-10 rounded object-cover" /> : null}
              <span className="min-w-0 flex-1 text-sm">
                <span className="font-medium">{titleOf(item)}</span>
                {item.price !== null ? (
                  <span className="text-slate-500"> · {formatMoney(item.price, proposal.currency, proposal.language)}</span>
                ) : null}
              </span>
              <Button type="button" variant="secondary" aria-label={`Add ${titleOf(item)}`} onClick={() => onAdd(item)}>
                Add
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}

function VideoForm({ onAdd, onClose }: { onAdd: (url: string, title: string) => Promise<void>; onClose: () => void }) {
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const parsed = new URL(url.trim());
      if (!/^https?:$/.test(parsed.protocol)) throw new Error();
    } catch {
      setError("Paste a YouTube link or the address (http or https) of a video.");
      return;
    }
    try {
      await onAdd(url.trim(), title.trim());
    } catch (e) {
      setError(e instanceof ApiClientError ? (issueAt(e.issues, "blocks") ?? e.message) : "The video could not be added.");
    }
  }
  return (
    <Modal open onClose={onClose} title="Add a video">
      <form onSubmit={submit} className="space-y-3">
        <Field
          label="Video url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={error}
          hint="A YouTube link shows the player; other links open the video."
          autoFocus
        />
        <Field label="Video title" value={title} onChange={(e) => setTitle(e.target.value)} />
        {url && !error ? <VideoPreview url={url} title={title} /> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Add video</Button>
        </div>
      </form>
    </Modal>
  );
}

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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
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
                <BlockCard
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
      {picker === "video" ? <VideoForm onAdd={addVideo} onClose={() => setPicker(null)} /> : null}
    </section>
  );
}
