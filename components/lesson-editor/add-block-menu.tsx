"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { BLOCK_MENU, type BlockTypeName } from "@/lib/authoring/blocks/types/registry";

/** A menu button (WAI-ARIA menu pattern): arrows, Home and End move, Escape closes. */
export function AddBlockMenu({
  onPick,
  disabled,
  placement,
  align = "left",
}: {
  onPick: (type: BlockTypeName) => void;
  disabled?: boolean;
  /** Where the new block will go, e.g. "after block 3", shown in the menu. */
  placement: string;
  align?: "left" | "right";
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    itemsRef.current[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const items = itemsRef.current.filter(Boolean) as HTMLButtonElement[];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === "ArrowDown") focus(at + 1);
    else if (e.key === "ArrowUp") focus(at - 1);
    else if (e.key === "Home") focus(0);
    else if (e.key === "End") focus(items.length - 1);
    else if (e.key === "Escape") close();
    else if (e.key === "Tab") return setOpen(false);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/60"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden className="text-base leading-none">
          +
        </span>
        Add block
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={`Add a block ${placement}`}
          onKeyDown={onMenuKey}
          className={`absolute z-30 mt-1 max-h-[min(70vh,40rem)] w-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg ${align === "right" ? "right-0" : "left-0"}`}
        >
          <p className="px-3 pt-1.5 pb-1 text-xs text-slate-500">Inserts {placement}</p>
          {BLOCK_MENU.map((item, i) => (
            <button
              key={item.type}
              ref={(el) => {
                itemsRef.current[i] = el;
              }}
              role="menuitem"
              type="button"
              aria-label={item.label}
              aria-describedby={`${menuId}-${item.type}`}
              tabIndex={-1}
              onClick={() => {
                close(false);
                onPick(item.type);
              }}
              className="flex w-full items-start gap-3 px-3 py-2 text-left hover:bg-slate-50 focus:bg-brand-50 focus:outline-none"
            >
              <span
                aria-hidden
                className="mt-0.5 grid h-7 w-7 shrink-0 place-items-center rounded-md bg-slate-100 font-mono text-xs text-slate-600"
              >
                {item.icon}
              </span>
              <span>
                <span className="block text-sm font-medium text-slate-900">{item.label}</span>
                <span id={`${menuId}-${item.type}`} className="block text-xs text-slate-500">
                  {item.description}
                </span>
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
