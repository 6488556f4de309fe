"use client";

import { useCallback, useSyncExternalStore } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ChangesSinceViewed } from "@/lib/proposals/public/changes-since-viewed";
import type { PublicProposal } from "@/lib/proposals/public/schemas";
import type { BlockChange, BlockSummary, ParagraphChange } from "@/lib/proposals/public/version-diff";
import { formatDay, formatMoney, formatQuantity, shownAmount, taxWord } from "./format";

/**
 * What changed since the version of this proposal the customer last viewed, at the top of the page:
 * added and removed items, changed prices and quantities, the totals before and after, and the
 * description's changed paragraphs. Plain sentences, "now … (was …)", no colours that alarm.
 * Dismissing it is remembered in this browser for this pair of versions.
 */
export function ChangesSummary({ changes, proposal }: { changes: ChangesSinceViewed; proposal: PublicProposal }) {
  const key = `proposal-changes-dismissed:${proposal.uuid}:${changes.from_version}`;
  const { isDismissed, dismiss } = useDismissed(key);
  const isLive = useHydrated();
  if (isDismissed) return null;

  const money = (amounts: { value_without_tax: number; value_with_tax: number }) => formatMoney(shownAmount(proposal, amounts), proposal);
  const quantity = (n: number, unit: string | null) => `${formatQuantity(n, proposal.language)}${unit ? ` ${unit}` : ""}`;
  const { mode, tax_included } = proposal.tax_options;
  const totalLabel =
    mode === "standard" || mode === "simplified" ? `Total ${tax_included ? "incl." : "excl."} ${taxWord(proposal)}` : "Total";
  const headingId = `changes-${proposal.uuid}`;

  return (
    <section
      aria-labelledby={headingId}
      className="recipient-changes rounded-lg border border-sky-200 bg-sky-50/60 px-5 py-4 text-slate-800 print:hidden"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          What changed since version {changes.from_version}
        </h2>
        <button
          type="button"
          onClick={dismiss}
          disabled={!isLive}
          className="-mt-1 -mr-2 min-h-11 shrink-0 rounded-md px-3 text-sm font-medium text-sky-800 hover:bg-sky-100"
        >
          Dismiss<span className="sr-only"> the summary of changes</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        You last viewed version {changes.from_version} on {formatDay(changes.viewed_at, proposal)}. This is version {changes.to_version}
        {changes.has_changes ? "; here is what is different." : ". Its offer and description are the same."}
      </p>
      {changes.has_changes ? (
        <ul className="mt-3 space-y-2 text-sm">
          {changes.title ? (
            <li>
              The title is now “{changes.title.after}” (was “{changes.title.before}”).
            </li>
          ) : null}
          {changes.added.map((block) => (
            <li key={`added-${block.uuid}`}>
              <strong className="font-semibold">Added:</strong> {itemLine(block, money, quantity)}
            </li>
          ))}
          {changes.removed.map((block) => (
            <li key={`removed-${block.uuid}`}>
              <strong className="font-semibold">Removed:</strong> {block.title || "An item"}
              {block.type === "product-block" ? ` (was ${money(block)})` : ""}
            </li>
          ))}
          {changes.changed.map((change) => (
            <li key={`changed-${change.uuid}`}>
              <strong className="font-semibold">{change.title || "An item"}:</strong> {changeLine(change, proposal, money, quantity)}
            </li>
          ))}
          {changes.currency ? (
            <li>
              Prices are now in {changes.currency.after} (were in {changes.currency.before}).
            </li>
          ) : null}
          {changes.totals_changed ? (
            <li className="font-semibold text-slate-900">
              {totalLabel}: now {money(changes.totals.after)} (was {money(changes.totals.before)}).
            </li>
          ) : null}
        </ul>
      ) : null}
      {changes.description.length ? (
        <div className="mt-3 space-y-2 text-sm">
          <p className="font-semibold">In the description:</p>
          <ul className="space-y-2">
            {changes.description.map((paragraph, i) => (
              <li key={i} className="rounded-md bg-white/70 px-3 py-2">
                <ParagraphLine paragraph={paragraph} />
              </li>
            ))}
          </ul>
          {changes.more_description_changes ? (
            <p className="text-slate-600">
              …and {changes.more_description_changes} more {changes.more_description_changes === 1 ? "change" : "changes"} further down.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type Money = (amounts: { value_without_tax: number; value_with_tax: number }) => string;
type Quantity = (n: number, unit: string | null) => string;

function itemLine(block: BlockSummary, money: Money, quantity: Quantity) {
  const name = block.title || (block.type === "video-block" ? "A video" : "An item");
  if (block.type !== "product-block") return name;
  const optional = block.optional ? (block.selected ? ", optional, included" : ", optional, not included") : "";
  return `${name}, ${quantity(block.quantity, block.unit)}, ${money(block)}${optional}`;
}

function changeLine(change: BlockChange, proposal: PublicProposal, money: Money, quantity: Quantity) {
  const price = (p: number | null) => (p === null ? "no price" : formatMoney(p, proposal));
  const percent = (d: number | null) => `${formatQuantity(d ?? 0, proposal.language)} %`;
  const parts: string[] = [];
  if (change.renamed) parts.push(`renamed from “${change.renamed.before}”`);
  if (change.price) parts.push(`price now ${price(change.price.after)} (was ${price(change.price.before)})`);
  if (change.quantity) {
    parts.push(`quantity now ${quantity(change.quantity.after, change.unit)} (was ${quantity(change.quantity.before, change.unit)})`);
  }
  if (change.discount) parts.push(`discount now ${percent(change.discount.after)} (was ${percent(change.discount.before)})`);
  if (change.tax_rate) parts.push(`tax rate now ${percent(change.tax_rate.after)} (was ${percent(change.tax_rate.before)})`);
  if (change.optional) parts.push(change.optional.after ? "now optional: you may leave it out" : "no longer optional");
  else if (change.selected) parts.push(change.selected.after ? "now included" : "now left out");
  if (change.amount && change.type === "product-block") {
    parts.push(`line total now ${money(change.amount.after)} (was ${money(change.amount.before)})`);
  }
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function ParagraphLine({ paragraph }: { paragraph: ParagraphChange }) {
  const text = "whitespace-pre-line break-words";
  if (paragraph.kind === "added") {
    return (
      <p className={text}>
        <span className="font-medium">New: </span>
        {paragraph.after}
      </p>
    );
  }
  if (paragraph.kind === "removed") {
    return (
      <p className={`${text} text-slate-600`}>
        <span className="font-medium">Removed: </span>
        {paragraph.before}
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <p className={text}>
        <span className="font-medium">Now: </span>
        {paragraph.after}
      </p>
      <p className={`${text} text-slate-600`}>
        <span className="font-medium">Was: </span>
        {paragraph.before}
      </p>
    </div>
  );
}

/** Whether this browser dismissed the summary; storage refused (private mode) means until the page is left. */
function useDismissed(key: string) {
  const subscribe = useCallback(
    (listener: () => void) => {
      const onStorage = (event: StorageEvent) => event.key === key && listener();
      window.addEventListener("storage", onStorage);
      window.addEventListener(DISMISSED_EVENT, listener);
      return () => {
        window.removeEventListener("storage", onStorage);
        window.removeEventListener(DISMISSED_EVENT, listener);
      };
    },
    [key],
  );
  const isDismissed = useSyncExternalStore(
    subscribe,
    () => readDismissed(key),
    () => false,
  );
  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(key, "1");
    } catch {
      dismissedHere.add(key);
    }
    window.dispatchEvent(new Event(DISMISSED_EVENT));
  }, [key]);
  return { isDismissed, dismiss };
}

const DISMISSED_EVENT = "proposal-changes-dismissed";
const dismissedHere = new Set<string>();

function readDismissed(key: string) {
  if (dismissedHere.has(key)) return true;
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}
