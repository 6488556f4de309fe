"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { PencilIcon, TrashIcon } from "@/components/ui/icons";
import { variablesUsed } from "@/lib/proposals/markdown/render-markdown";

export type DataDraft = Record<string, string>;

/** data as the panel edits it: every value as text (numbers and booleans as written). */
export function dataToDraft(data: Record<string, unknown>): DataDraft {
  const draft: DataDraft = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    draft[key] = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return draft;
}

/** The PATCH /data body that turns `saved` into `draft`: changed keys set, removed keys null. */
export function dataDiff(saved: DataDraft, draft: DataDraft): Record<string, string | null> {
  const diff: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(draft)) if (saved[key] !== value) diff[key] = value;
  for (const key of Object.keys(saved)) if (!(key in draft)) diff[key] = null;
  return diff;
}

const KEY_PATTERN = /^[^\s()[\]]{1,200}$/;

/**
 * The proposal's `data`: the values its variables show. Keys can be added, renamed and deleted;
 * each row says where the key is used, and keys used without a value are listed with their
 * fallback so they can be filled in.
 */
export function VariablesPanel({
  value,
  onChange,
  titleMd,
  descriptionMd,
  error,
}: {
  value: DataDraft;
  onChange: (next: DataDraft) => void;
  titleMd: string;
  descriptionMd: string;
  error?: string;
}) {
  const [newKey, setNewKey] = useState("");
  const [newValue, setNewValue] = useState("");
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [formError, setFormError] = useState<string>();
  const rowId = useId();
  const inTitle = new Set(variablesUsed(titleMd));
  const inDescription = new Set(variablesUsed(descriptionMd));
  const missing = [...new Set([...inTitle, ...inDescription])].filter((key) => !(key in value));

  const whereUsed = (key: string) => {
    const places = [inTitle.has(key) ? "title" : null, inDescription.has(key) ? "description" : null].filter(Boolean);
    return places.length ? `Used in the ${places.join(" and ")}` : "Not used yet";
  };

  function checkKey(key: string, except?: string) {
    if (!KEY_PATTERN.test(key)) return "A key has no spaces, brackets or parentheses.";
    if (key !== except && key in value) return `There is already a variable named ${key}.`;
    return undefined;
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const key = newKey.trim();
    const problem = checkKey(key);
    setFormError(problem);
    if (problem) return;
    onChange({ ...value, [key]: newValue });
    setNewKey("");
    setNewValue("");
  }

  function rename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const to = renaming.to.trim();
    const problem = checkKey(to, renaming.from);
    setFormError(problem);
    if (problem) return;
    // Same order, the key replaced in place; the save sends the new key and null for the old one.
    onChange(Object.fromEntries(Object.entries(value).map(([k, v]) => (k === renaming.from ? [to, v] : [k, v]))));
    setRenaming(null);
  }

  return (
    <section aria-labelledby="variables-heading" className="space-y-3">
      <h2 id="variables-heading" className="text-base font-semibold text-slate-900">
        Variables
      </h2>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {Object.keys(value).length === 0 ? (
        <p className="text-sm text-slate-500">No variables yet. Add one below, then insert it into the title or description.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {Object.entries(value).map(([key, text], index) => (
            <li key={key} className="px-3 py-2">
              {renaming?.from === key ? (
                <form onSubmit={rename} className="space-y-2">
                  <label className="block text-xs font-medium text-slate-600">
                    New name for <span className="break-all font-mono">{key}</span>
                    <input
                      autoFocus
                      value={renaming.to}
                      onChange={(e) => setRenaming({ from: key, to: e.target.value })}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm"
                    />
                  </label>
                  <div className="flex gap-2">
                    <Button type="submit" variant="secondary">
                      Rename
                    </Button>
                    <Button type="button" variant="ghost" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : (
                <>
                  <div className="flex items-start justify-between gap-2">
                    <label htmlFor={`${rowId}-${index}`} className="min-w-0 pt-1.5">
                      <span className="block break-all font-mono text-xs font-semibold text-slate-800">{key}</span>
                      <span className="block text-xs text-slate-500">{whereUsed(key)}</span>
                    </label>
                    <div className="flex shrink-0 gap-0.5">
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1.5"
                        aria-label={`Rename ${key}`}
                        onClick={() => setRenaming({ from: key, to: key })}
                      >
                        <PencilIcon />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1.5"
                        aria-label={`Delete ${key}`}
                        onClick={() => onChange(Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)))}
                      >
                        <TrashIcon />
                      </Button>
                    </div>
                  </div>
                  <input
                    id={`${rowId}-${index}`}
                    aria-label={`Value of ${key}`}
                    value={text}
                    onChange={(e) => onChange({ ...value, [key]: e.target.value })}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {missing.length ? (
        <p className="text-xs text-amber-800">
          Used without a value (the fallback text shows): {missing.join(", ")}.{" "}
          <button
            type="button"
            className="underline"
            onClick={() => onChange({ ...value, ...Object.fromEntries(missing.map((k) => [k, ""])) })}
          >
            Add {missing.length === 1 ? "it" : "them"}
          </button>
        </p>
      ) : null}
      <form onSubmit={add} aria-label="Add a variable" className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
        <p aria-hidden="true" className="text-xs font-semibold text-slate-700">
          New variable
        </p>
        {/* Short visible labels for a narrow panel; the hidden words keep each field's full name. */}
        <label className="block text-xs font-medium text-slate-600">
          <span className="sr-only">New variable </span>Name
          <input
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            spellCheck={false}
            autoCapitalize="none"
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm"
          />
        </label>
        <label className="block text-xs font-medium text-slate-600">
          <span className="sr-only">New variable </span>Value
          <input
            value={newValue}
            onChange={(e) => setNewValue(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          />
        </label>
        <Button type="submit" variant="secondary" className="w-full">
          Add variable
        </Button>
      </form>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
    </section>
  );
}
