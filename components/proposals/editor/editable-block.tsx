"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo, useEffect, useId, useState, type ReactNode } from "react";
import { SaveErrorBar, SaveIndicator } from "@/components/lesson-editor/save-indicator";
import { useAutosave } from "@/components/lesson-editor/use-autosave";
import {
  BLOCK_DESCRIPTION_CLASSES,
  BlockFrame,
  BlockImages,
  BlockVideo,
  blockTitleClass,
  OptionalNote,
} from "@/components/proposals/recipient/proposal-blocks";
import { GripIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { draftedBlock, draftProblem, toChange, toDraft, type BlockDraft } from "./block-draft";
import { lineAmount } from "./document-view";
import { formatMoney, issueAt } from "./format";
import type { BlockChange, ProposalBlockDto, ProposalDto } from "./queries";

/** What every block needs of its proposal: the same object while the person types, so a block re-renders only for its own changes. */
export type BlockContext = Pick<ProposalDto, "uuid" | "currency" | "language" | "tax_options">;

/**
 * One block of a draft, edited where the customer will read it: its title, description, price,
 * quantity and discount are fields in the page's own layout (BlockFrame). Above it, a handle to
 * drag (or move by keyboard) and its tools: optional, quantity range, remove. Saved as typed
 * (autosave); its draft is reported up for the totals. Memoised: typing in one block re-renders
 * that block and the totals, not the other blocks.
 */
export const EditableBlock = memo(function EditableBlock({
  context,
  block,
  index,
  patchBlock,
  onDraft,
  onRemove,
  isPickerOpen,
  onInsertBefore,
  picker,
}: {
  context: BlockContext;
  block: ProposalBlockDto;
  index: number;
  patchBlock: (blockUuid: string, change: BlockChange) => Promise<unknown>;
  onDraft: (uuid: string, draft: BlockDraft) => void;
  onRemove: (block: ProposalBlockDto) => void;
  /** Whether the library picker is open above this block; opens or closes it (stable across renders). */
  isPickerOpen: boolean;
  onInsertBefore: (index: number) => void;
  /** The picker, when it is open here (else null, so the other blocks' props stay the same). */
  picker: ReactNode;
}) {
  const isProduct = block.type === "product-block";
  const [issues, setIssues] = useState<ApiIssue[]>([]);
  const autosave = useAutosave<BlockDraft>({
    initial: toDraft(block),
    backupKey: `proposal-editor:${context.uuid}:block:${block.uuid}`,
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
  const [isRangeOpen, setRangeOpen] = useState(false);

  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.uuid });
  const name = value.title || (isProduct ? "Untitled product" : "Video");
  const shown = draftedBlock(block, value);
  const problem = draftProblem(value, isProduct);
  const isLeftOut = shown.optional && !shown.selected;
  const hasRange = isRangeOpen || value.quantityMin !== "" || value.quantityMax !== "";
  const set = (field: keyof BlockDraft) => (e: { target: { value: string } }) => setValue({ ...value, [field]: e.target.value });

  return (
    <li
      ref={setNodeRef}
      data-block-uuid={block.uuid}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`list-none ${isDragging ? "relative z-10 rounded-lg bg-white shadow-lg ring-1 ring-brand-200" : ""}`}
    >
      <InsertBar label={`Add from library here, before ${name}`} isOpen={isPickerOpen} onClick={() => onInsertBefore(index)} />
      {picker}
      <div className="group/block rounded-lg py-4 ring-slate-200 focus-within:ring-1 hover:ring-1 @min-[40rem]:-mx-3 @min-[40rem]:px-3">
        <BlockFrame
          label={`Block ${index + 1}: ${name}`}
          isLeftOut={isLeftOut}
          header={
            <>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <button
                  ref={setActivatorNodeRef}
                  type="button"
                  {...attributes}
                  {...listeners}
                  aria-label={`Reorder ${name}`}
                  className="cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing"
                >
                  <GripIcon />
                </button>
                <span className="text-xs font-semibold text-slate-500 tabular-nums">{index + 1}</span>
                <div role="toolbar" aria-label={`Tools of ${name}`} className="flex flex-1 flex-wrap items-center gap-1">
                  {isProduct ? (
                    <>
                      <ToolToggle
                        label="Optional"
                        fullLabel="Optional: the customer may leave it out"
                        checked={value.optional}
                        onChange={(optional) => setValue({ ...value, optional, selected: optional ? value.selected : true })}
                      />
                      <button
                        type="button"
                        aria-pressed={hasRange}
                        onClick={() => {
                          // Off again: the quantity is fixed.
                          if (hasRange) setValue({ ...value, quantityMin: "", quantityMax: "" });
                          setRangeOpen(!hasRange);
                        }}
                        className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${hasRange ? "bg-sky-50 text-sky-900 ring-sky-200" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
                      >
                        Quantity range
                      </button>
                    </>
                  ) : null}
                  <span className="flex-1" />
                  <SaveIndicator status={autosave.status} error={autosave.error} />
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemove(block)}
                    className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
                  >
                    <TrashIcon />
                  </button>
                </div>
              </div>
              {autosave.error && !problem ? (
                <div className="overflow-hidden rounded-md border border-red-200">
                  <SaveErrorBar message={autosave.error.message} willRetry={autosave.error.willRetry} onRetry={autosave.retryNow} />
                </div>
              ) : null}
            </>
          }
          title={
            <h3 className={blockTitleClass(isLeftOut)}>
              <input
                aria-label="Block title"
                value={value.title}
                placeholder={isProduct ? "Untitled product" : "Video title"}
                onChange={set("title")}
                aria-invalid={issueAt(issues, "title") ? true : undefined}
                className={`${INLINE_FIELD} w-full`}
              />
            </h3>
          }
          badge={
            block.course || value.optional ? (
              <div className="space-y-1">
                {block.course ? <CourseNote title={block.course.title} /> : null}
                {value.optional ? <OptionalNote selected={shown.selected} /> : null}
                {value.optional ? (
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={value.selected}
                      onChange={(e) => setValue({ ...value, selected: e.target.checked })}
                      className="h-4 w-4 rounded border-slate-300"
                    />
                    Included until the customer leaves it out
                  </label>
                ) : null}
              </div>
            ) : null
          }
          price={isProduct ? <EditablePrice context={context} block={block} shown={shown} value={value} set={set} name={name} /> : null}
          controls={
            isProduct && hasRange ? (
              <fieldset className="flex flex-wrap items-end gap-3 rounded-md bg-slate-50 px-3 py-2 text-sm">
                <legend className="sr-only">The quantities the customer may choose</legend>
                <SmallNumber label="Customer's minimum" value={value.quantityMin} onChange={set("quantityMin")} />
                <SmallNumber label="Customer's maximum" value={value.quantityMax} onChange={set("quantityMax")} />
                <p className="min-w-40 flex-1 text-xs text-slate-600">
                  The customer picks a quantity in this range on their page. Both empty: the quantity is fixed.
                </p>
              </fieldset>
            ) : null
          }
        >
          <BlockImages uuids={block.image_uuids} alt={block.title} />
          <textarea
            aria-label="Block description"
            value={value.description}
            rows={1}
            placeholder="Describe this item for the customer"
            onChange={set("description")}
            aria-invalid={issueAt(issues, "description") ? true : undefined}
            className={`${INLINE_FIELD} ${BLOCK_DESCRIPTION_CLASSES} block min-h-8 w-full resize-none [field-sizing:content]`}
          />
          {block.video_url ? <BlockVideo url={block.video_url} title={value.title || "Video"} /> : null}
          <Problems problem={problem} issues={issues} />
        </BlockFrame>
      </div>
    </li>
  );
});

/** A field that looks like the page's text until it is hovered or focused. */
const INLINE_FIELD =
  "-mx-1 rounded px-1 bg-transparent hover:bg-slate-50 focus:bg-white focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:ring-2 aria-invalid:ring-red-300";

/** A block whose content item delivers a course (issue 43): its quantity is the number of seats. */
function CourseNote({ title }: { title: string }) {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800">
      Delivers the course “{title}”: the quantity is seats
    </p>
  );
}

/** The line's price where the customer reads it: the line total, then quantity × price and discount, each a field. */
function EditablePrice({
  context,
  block,
  shown,
  value,
  set,
  name,
}: {
  context: BlockContext;
  block: ProposalBlockDto;
  shown: ProposalBlockDto;
  value: BlockDraft;
  set: (field: keyof BlockDraft) => (e: { target: { value: string } }) => void;
  name: string;
}) {
  const isLeftOut = shown.optional && !shown.selected;
  return (
    <div className="shrink-0 space-y-1 text-left @min-[40rem]:text-right">
      <output
        aria-label={`Line total of ${name}`}
        className={`block text-lg font-semibold tabular-nums ${isLeftOut ? "text-slate-500 line-through" : "text-slate-900"}`}
      >
        {formatMoney(lineAmount(shown, context), context.currency, context.language)}
      </output>
      <div className="flex flex-wrap items-center gap-1 text-sm text-slate-600 @min-[40rem]:justify-end">
        <SmallNumber label="Quantity" value={value.quantity} onChange={set("quantity")} />
        <span aria-hidden>×</span>
        <SmallNumber label="Price" value={value.price} onChange={set("price")} wide />
        {block.unit ? <span>/ {block.unit}</span> : null}
        <span className="ml-1">−</span>
        <SmallNumber label="Discount %" value={value.discount} onChange={set("discount")} />
        <span aria-hidden>%</span>
      </div>
      {block.tax_rate !== null ? <p className="text-xs text-slate-500">Tax {block.tax_rate}%</p> : null}
    </div>
  );
}

function SmallNumber({
  label,
  value,
  onChange,
  wide = false,
}: {
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  wide?: boolean;
}) {
  const id = useId();
  return (
    <span className="inline-flex flex-col text-left">
      <label htmlFor={id} className="text-[11px] leading-tight text-slate-600">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        onChange={onChange}
        className={`${wide ? "w-24" : "w-16"} rounded border border-slate-300 bg-white px-1.5 py-0.5 text-right text-sm text-slate-900 tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none`}
      />
    </span>
  );
}

function ToolToggle({
  label,
  fullLabel,
  checked,
  onChange,
}: {
  label: string;
  fullLabel: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 has-focus-visible:ring-2 has-focus-visible:ring-brand-400 ${checked ? "bg-sky-50 text-sky-900 ring-sky-200" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-3.5 w-3.5 rounded border-slate-300"
      />
      {label}
      <span className="sr-only">{fullLabel.slice(label.length)}</span>
    </label>
  );
}

/** What is wrong with the block: the draft's problem (not saved until fixed), or the server's refusals by field. */
function Problems({ problem, issues }: { problem: string | null; issues: ApiIssue[] }) {
  const refusals = issues.map((issue) => issue.message);
  if (!problem && !refusals.length) return null;
  return (
    <div role="alert" className="mt-2 space-y-1 text-sm text-red-700">
      {problem ? <p>{problem} Not saved until it is fixed.</p> : null}
      {refusals.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** The bar above a block (or below the last) that adds a library item at that place. */
export function InsertBar({ label, onClick, isOpen }: { label: string; onClick: () => void; isOpen: boolean }) {
  return (
    <div className="group/insert relative flex h-6 items-center justify-center">
      <span className="absolute inset-x-0 top-1/2 border-t border-dashed border-transparent group-focus-within/insert:border-brand-300 group-hover/insert:border-brand-300" />
      <button
        type="button"
        aria-expanded={isOpen}
        aria-label={label}
        onClick={onClick}
        className="relative inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200 opacity-100 hover:bg-brand-50 focus:opacity-100 @min-[40rem]:opacity-0 @min-[40rem]:group-hover/insert:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <PlusIcon /> Add from library here
      </button>
    </div>
  );
}
