"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useState } from "react";
import { TextAreaField } from "@/components/lesson-editor/form-controls";
import { SaveErrorBar, SaveIndicator } from "@/components/lesson-editor/save-indicator";
import { useAutosave } from "@/components/lesson-editor/use-autosave";
import { Field } from "@/components/ui/field";
import { GripIcon, TrashIcon } from "@/components/ui/icons";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { draftProblem, pricedLine, toChange, toDraft, type BlockDraft } from "./block-draft";
import { formatMoney, issueAt } from "./format";
import type { BlockChange, ProposalBlockDto, ProposalDto } from "./queries";
import { lineAmount } from "./totals";
import { VideoPreview } from "./video-preview";

/**
 * One block of a proposal: its drag handle, its title and description, a product's price,
 * quantity and discount with its line total; saved as typed (autosave), each draft reported up.
 */
export function ProposalBlockCard({
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
          {isProduct ? (
            <BuyerChoicesFields
              block={block}
              value={value}
              isReadOnly={isReadOnly}
              onChange={setValue}
              error={issueAt(issues, "quantity_min") ?? issueAt(issues, "quantity_max")}
            />
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
              <output
                aria-label={`Line total of ${name}`}
                className={`font-semibold tabular-nums ${line.optional && !line.selected ? "text-slate-400 line-through" : "text-slate-900"}`}
              >
                {formatMoney(lineAmount(line, proposal), proposal.currency, proposal.language)}
              </output>
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * What the customer may choose on a product (docs/decisions/035): whether they may leave it out
 * and whether it starts in the offer, and the range of quantities (both empty: fixed). Once the
 * proposal is sent the fields are read-only and say what the customer has chosen so far.
 */
function BuyerChoicesFields({
  block,
  value,
  isReadOnly,
  onChange,
  error,
}: {
  block: ProposalBlockDto;
  value: BlockDraft;
  isReadOnly: boolean;
  onChange: (draft: BlockDraft) => void;
  error?: string;
}) {
  const set = (field: "quantityMin" | "quantityMax") => (e: { target: { value: string } }) =>
    onChange({ ...value, [field]: e.target.value });
  const range = block.quantity_min !== null && block.quantity_max !== null ? `${block.quantity_min}–${block.quantity_max}` : null;
  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 px-3 pt-1 pb-3">
      <legend className="px-1 text-xs font-semibold text-slate-600">The customer&apos;s choices</legend>
      {isReadOnly && (block.optional || range) ? (
        <p className="text-sm text-slate-800">
          {block.optional ? (block.selected ? "Included by the customer" : "Left out by the customer") : "Always included"}
          {`, quantity ${block.quantity}`}
          {range ? ` (may choose ${range})` : ""}
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={value.optional}
          disabled={isReadOnly}
          onChange={(e) => onChange({ ...value, optional: e.target.checked, selected: e.target.checked ? value.selected : true })}
          className="h-4 w-4 rounded border-slate-300"
        />
        Optional: the customer may leave it out
      </label>
      {value.optional ? (
        <label className="flex items-center gap-2 pl-6 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={value.selected}
            disabled={isReadOnly}
            onChange={(e) => onChange({ ...value, selected: e.target.checked })}
            className="h-4 w-4 rounded border-slate-300"
          />
          {isReadOnly ? "Included" : "Included until the customer leaves it out"}
        </label>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Field
          label="Customer's minimum"
          inputMode="decimal"
          value={value.quantityMin}
          onChange={set("quantityMin")}
          readOnly={isReadOnly}
          error={error}
        />
        <Field
          label="Customer's maximum"
          inputMode="decimal"
          value={value.quantityMax}
          onChange={set("quantityMax")}
          readOnly={isReadOnly}
        />
      </div>
      <p className="text-xs text-slate-500">
        The customer chooses a quantity from the minimum to the maximum on their page. Both empty: the quantity is fixed.
      </p>
    </fieldset>
  );
}
