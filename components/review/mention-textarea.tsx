"use client";

import { useId, useMemo, useRef, useState } from "react";

export type Mentionable = { user_id: string; name: string };

/** The ids of the members whose `@Name` is still in the text: a mention deleted from the text is not sent. */
export const mentionsIn = (text: string, picked: Mentionable[]) => [
  ...new Set(picked.filter((m) => text.includes(`@${m.name}`)).map((m) => m.user_id)),
];

/**
 * A comment field with an @ picker: typing `@` and the start of a name lists the workspace's
 * members who match; Enter, Tab or a click puts `@Name` in the text and remembers whom it names.
 * Arrow keys move through the list, Escape closes it.
 */
export function MentionTextarea({
  label,
  value,
  onChange,
  members,
  onPick,
  autoFocus,
  rows = 3,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  members: Mentionable[];
  onPick: (member: Mentionable) => void;
  autoFocus?: boolean;
  rows?: number;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; text: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = useMemo(
    () => (query ? members.filter((m) => m.name.toLowerCase().startsWith(query.text.toLowerCase())).slice(0, 6) : []),
    [members, query],
  );

  function track(text: string, caret: number) {
    const before = text.slice(0, caret);
    const at = /(^|\s)@([^\s@]{0,40})$/.exec(before);
    setQuery(at ? { start: caret - at[2].length - 1, text: at[2] } : null);
    setActive(0);
  }

  function pick(member: Mentionable) {
    if (!query) return;
    const caret = field.current?.selectionStart ?? value.length;
    const next = `${value.slice(0, query.start)}@${member.name} ${value.slice(caret)}`;
    onChange(next);
    onPick(member);
    setQuery(null);
    const at = query.start + member.name.length + 2;
    requestAnimationFrame(() => field.current?.setSelectionRange(at, at));
  }

  const listId = `${id}-members`;
  const isOpen = query !== null && matches.length > 0;
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        rows={rows}
        value={value}
        autoFocus={autoFocus}
        placeholder="Write a comment; @ mentions a member"
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isOpen ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={(e) => {
          if (!isOpen) return;
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => (i + (e.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
          } else if (e.key === "Enter" || e.key === "Tab") {
            e.preventDefault();
            pick(matches[active]);
          } else if (e.key === "Escape") {
            e.preventDefault();
            setQuery(null);
          }
        }}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Members to mention"
        hidden={!isOpen}
        className="absolute left-0 z-30 mt-1 max-h-48 w-64 max-w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {matches.map((member, i) => (
          <li
            key={member.user_id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(member);
            }}
            className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-brand-50 text-brand-900" : "text-slate-800"}`}
          >
            {member.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
