"use client";

import { useState } from "react";
import { Button } from "./button";

/** A read-only value with a button that copies it: a new API key, a link to share. */
export function CopyField({
  label,
  value,
  copyLabel = "Copy",
  className = "border-slate-300 bg-slate-50",
}: {
  label: string;
  value: string;
  copyLabel?: string;
  /** The field's border and background, to sit on the surrounding panel. */
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex gap-2">
      <input
        readOnly
        aria-label={label}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className={`min-w-0 flex-1 rounded-md border px-3 py-2 font-mono text-sm ${className}`}
      />
      <Button
        type="button"
        variant="secondary"
        onClick={async () => {
          await navigator.clipboard.writeText(value).catch(() => {});
          setCopied(true);
        }}
      >
        {copied ? "Copied" : copyLabel}
      </Button>
    </div>
  );
}
