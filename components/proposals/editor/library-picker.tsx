"use client";

import { useState } from "react";
import { useContentList, type ContentItemDto } from "@/components/proposals/queries";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { XIcon } from "@/components/ui/icons";
import { LoadingText } from "@/components/ui/loading-placeholder";
import { formatMoney } from "./format";
import type { ProposalDto } from "./queries";

/**
 * The company's content library, searched by title and description, each item added as a product
 * block. It opens in place, where the person asked for it (between two blocks or at the end), and
 * Escape closes it.
 */
export function LibraryPicker({
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
    <div
      role="dialog"
      aria-label="Add from the library"
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
      className="my-2 space-y-3 rounded-lg border border-brand-200 bg-white p-3 text-left shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Add from the library</h3>
        <button type="button" aria-label="Close the library" onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100">
          <XIcon />
        </button>
      </div>
      <div className="space-y-3">
        <Field label="Search the library" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoFocus />
        {library.isLoading ? <LoadingText>Loading the library…</LoadingText> : null}
        {library.data && !library.data.length ? (
          <p className="text-sm text-slate-500">The library is empty. Create products in the content library first.</p>
        ) : null}
        <ul aria-label="Library items" className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
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
    </div>
  );
}
