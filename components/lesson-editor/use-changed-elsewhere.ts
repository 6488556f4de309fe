"use client";

import { useCallback, useEffect, useState } from "react";

/** How long a change saved elsewhere keeps the "also being edited" notice up. */
const ELSEWHERE_MS = 5 * 60_000;

/**
 * Blocks saved elsewhere (another tab, another author) while this page had them open, by when
 * this page noticed; those of the last five minutes (docs/decisions/011-optimistic-concurrency.md).
 */
export function useChangedElsewhere() {
  const [changes, setChanges] = useState<Map<string, number>>(() => new Map());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!changes.size) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [changes.size]);
  const noteChange = useCallback((blockId: string) => {
    const at = Date.now();
    setNow(at);
    setChanges((prev) => new Map(prev).set(blockId, at));
  }, []);
  const recent = [...changes].filter(([, at]) => now - at < ELSEWHERE_MS).map(([id]) => id);
  return { recent, noteChange };
}
