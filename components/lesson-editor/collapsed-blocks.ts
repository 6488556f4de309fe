"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * Which block cards an author has collapsed to their rendered view, remembered in this browser
 * (a long lesson stays short across visits). One store for the page, so "Collapse all" and each
 * card's own toggle agree.
 */
const KEY = "coursewright:collapsed-blocks";
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: ReadonlySet<string> } = { raw: null, ids: new Set() };

function read(): ReadonlySet<string> {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Storage refused (private mode): nothing is remembered.
  }
  if (raw !== cache.raw) {
    let ids: string[] = [];
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      ids = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
    } catch {
      ids = [];
    }
    cache = { raw, ids: new Set(ids) };
  }
  return cache.ids;
}

function write(ids: ReadonlySet<string>) {
  try {
    // The most recent 500 are plenty; an author's whole history is not needed.
    localStorage.setItem(KEY, JSON.stringify([...ids].slice(-500)));
  } catch {
    // Storage full or refused: the state lasts until the page is left.
    cache = { raw: cache.raw, ids };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const NONE: ReadonlySet<string> = new Set();

export function useCollapsedBlocks() {
  const collapsed = useSyncExternalStore(subscribe, read, () => NONE);
  const setCollapsed = useCallback((blockIds: string[], value: boolean) => {
    const next = new Set(read());
    for (const id of blockIds) {
      next.delete(id);
      if (value) next.add(id);
    }
    write(next);
  }, []);
  return { collapsed, setCollapsed };
}
