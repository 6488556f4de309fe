"use client";

import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-400";

function Described({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

export function TextAreaField({
  label,
  hint,
  error,
  code,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string; code?: boolean }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        spellCheck={code ? false : undefined}
        // Grows with its text where the browser supports field-sizing (elsewhere `rows` applies).
        style={{ minHeight: `calc(${Math.max(2, Math.ceil((props.rows ?? 3) / 2))} * 1.625em + 1rem + 2px)`, maxHeight: "40rem" }}
        className={`${control} field-sizing-content ${code ? "font-mono text-[13px] leading-relaxed" : "leading-relaxed"}`}
        {...props}
      />
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: ReactNode; error?: string; ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={control}
        {...props}
      >
        {children}
      </select>
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

/** A small set of mutually exclusive choices shown as a segmented control of native radios. */
export function ChoiceField<V extends string>({
  legend,
  value,
  choices,
  onChange,
}: {
  legend: string;
  value: V;
  choices: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="inline-flex rounded-md bg-slate-100 p-0.5">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`relative cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
              value === c.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
              className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded opacity-0"
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
