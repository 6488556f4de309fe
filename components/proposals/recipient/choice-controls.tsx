"use client";

import { useId, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatQuantity } from "./format";

/**
 * The customer's controls on an offer's line: a switch that includes or leaves out an optional
 * item, and a stepper for a quantity within its range. Both are at least 44 px tall, for a thumb.
 */

/** Include or leave out an optional item: a checkbox announced as a switch, its label naming the item. */
export function OptionSwitch({ title, selected, onChange }: { title: string; selected: boolean; onChange: (selected: boolean) => void }) {
  const isLive = useHydrated();
  return (
    <label className="recipient-choice relative inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800 print:hidden">
      {/* Transparent over the whole label: what a finger or pointer hits is the control itself. */}
      <input
        type="checkbox"
        role="switch"
        checked={selected}
        disabled={!isLive}
        onChange={(e) => onChange(e.target.checked)}
        className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
      />
      <span
        aria-hidden
        className="relative inline-flex h-7 w-12 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-emerald-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:h-6 after:w-6 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
      />
      <span>
        Include<span className="sr-only"> {title}</span>
      </span>
    </label>
  );
}

const roundQuantity = (n: number) => Math.round(n * 10_000) / 10_000;

/** A number as the customer typed it ("2,5" in Swedish), or null when it is not one. */
function readQuantity(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * A quantity from `min` to `max`: fewer and more buttons (steps of 1, held to the range) and a
 * field to type any quantity in range. What is typed counts once it is a quantity in range;
 * until then the field says what it takes, and leaving it shows the quantity that counts.
 */
export function QuantityStepper({
  title,
  quantity,
  min,
  max,
  unit,
  language,
  isDisabled,
  onChange,
}: {
  title: string;
  quantity: number;
  min: number;
  max: number;
  unit: string | null;
  language: string;
  isDisabled: boolean;
  onChange: (quantity: number) => void;
}) {
  const id = useId();
  const isLive = useHydrated();
  const isLocked = isDisabled || !isLive;
  const [text, setText] = useState<string | null>(null);
  const typed = text === null ? null : readQuantity(text);
  const isTypedWrong = text !== null && (typed === null || typed < min || typed > max);
  const range = `${formatQuantity(min, language)}–${formatQuantity(max, language)}${unit ? ` ${unit}` : ""}`;
  const step = (delta: number) => {
    setText(null);
    onChange(Math.min(max, Math.max(min, roundQuantity(quantity + delta))));
  };
  const button =
    "inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300 bg-white text-xl font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="recipient-choice space-y-1 print:hidden">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Quantity<span className="sr-only"> of {title}</span>
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={button}
          aria-label={`Fewer: ${title}`}
          disabled={isLocked || quantity <= min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text ?? String(quantity)}
          disabled={isLocked}
          aria-invalid={isTypedWrong || undefined}
          aria-describedby={`${id}-range`}
          onChange={(e) => {
            const value = readQuantity(e.target.value);
            setText(e.target.value);
            if (value !== null && value >= min && value <= max) onChange(value);
          }}
          onBlur={() => setText(null)}
          className="h-11 w-20 rounded-md border border-slate-300 bg-white px-2 text-center text-base tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid]:border-red-400 disabled:bg-slate-100"
        />
        <button
          type="button"
          className={button}
          aria-label={`More: ${title}`}
          disabled={isLocked || quantity >= max}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <p id={`${id}-range`} className={`text-xs ${isTypedWrong ? "text-red-700" : "text-slate-500"}`}>
        {isTypedWrong ? `Choose a quantity from ${range}.` : `You can choose ${range}.`}
      </p>
    </div>
  );
}
