"use client";

import { useId, useState } from "react";

/** A title typed in place: Enter saves, Escape cancels, leaving the field saves a changed title. */
export function InlineInput({
  label,
  initial = "",
  onSubmit,
  onCancel,
  onEmptyLeft,
}: {
  label: string;
  initial?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** Focus left an emptied title: the input closes and the old title stays, so the caller says so. */
  onEmptyLeft?: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [isEmptyRefused, setEmptyRefused] = useState(false);
  const errorId = useId();
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <input
        aria-label={label}
        autoFocus
        value={value}
        maxLength={200}
        aria-invalid={isEmptyRefused || undefined}
        aria-describedby={isEmptyRefused ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (e.target.value.trim()) setEmptyRefused(false);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            if (value.trim()) onSubmit(value.trim());
            else setEmptyRefused(true);
          }
          if (e.key === "Escape") onCancel();
        }}
        onBlur={() => {
          if (value.trim() && value.trim() !== initial) return onSubmit(value.trim());
          if (!value.trim() && initial) onEmptyLeft?.();
          onCancel();
        }}
        className="min-w-0 rounded border border-brand-500 bg-white px-2 py-1 text-sm aria-[invalid]:border-red-500"
      />
      {isEmptyRefused ? (
        <span id={errorId} role="alert" className="mt-0.5 text-xs text-red-700">
          {initial ? `A title cannot be empty: type one, or press Escape to keep “${initial}”.` : "Type a title first, or press Escape."}
        </span>
      ) : null}
    </span>
  );
}
