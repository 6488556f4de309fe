"use client";

import { useState } from "react";
import { InlineInput } from "./inline-input";
import { indent } from "./row-layout";

/** "+ Add lesson", "+ Add module", "+ Add course": a button that opens a title input at its depth. */
export function AddRow({ label, depth, onAdd }: { label: string; depth: number; onAdd: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div
      className="flex items-center py-1 pl-[calc(var(--depth)*1rem+2.25rem)] sm:pl-[calc(var(--depth)*1.75rem+2.25rem)]"
      style={indent(depth)}
    >
      {open ? (
        <InlineInput
          label={`${label} title`}
          onCancel={() => setOpen(false)}
          onSubmit={(title) => {
            onAdd(title);
            setOpen(false);
          }}
        />
      ) : (
        <button type="button" onClick={() => setOpen(true)} className="rounded px-2 py-1 text-sm text-brand-600 hover:bg-brand-50">
          + {label}
        </button>
      )}
    </div>
  );
}
