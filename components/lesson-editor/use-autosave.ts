"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiClientError } from "@/lib/client/api";

export type SaveStatus = "idle" | "saving" | "saved" | "error";

const RETRY_DELAYS = [2_000, 4_000, 8_000, 15_000, 30_000];

/** Network failures, server errors and rate limits may pass on a later try; a 400 or 404 will not. */
export const isRetryable = (error: unknown) =>
  !(error instanceof ApiClientError) || error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;

/** A draft kept in localStorage, with the server version it was typed over (see `baseVersion`). */
type Backup<T> = { value: T; version?: string };

const readBackup = <T>(key: string | undefined): Backup<T> | undefined => {
  if (!key || typeof window === "undefined") return undefined;
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    const { value, version } = JSON.parse(raw) as Backup<T>;
    return { value, version: typeof version === "string" ? version : undefined };
  } catch {
    return undefined;
  }
};
const writeBackup = (key: string | undefined, value: unknown, version: string | undefined) => {
  if (!key) return;
  try {
    window.localStorage.setItem(key, JSON.stringify({ value, version, at: new Date().toISOString() }));
  } catch {
    // Storage full or disabled: the draft still lives in memory.
  }
};
const dropBackup = (key: string | undefined) => {
  if (!key) return;
  try {
    window.localStorage.removeItem(key);
  } catch {}
};

/**
 * A local draft saved a moment after the last change. The draft is the truth on screen: a failed
 * save never replaces it; it stays, the error shows, saving is retried (network and server
 * failures automatically, with back-off), and the draft is also kept in localStorage until it is
 * saved, so even a reload or a closed tab does not lose it.
 */
export function useAutosave<T>({
  initial,
  save,
  delay = 800,
  backupKey,
  baseVersion,
  validate,
}: {
  initial: T;
  save: (value: T) => Promise<unknown>;
  delay?: number;
  /** Where to keep the draft while it is unsaved. */
  backupKey?: string;
  /**
   * The server version the draft is based on (its If-Match), kept with the backup: a draft
   * restored after a reload is then checked against the version it was typed over.
   */
  baseVersion?: () => string | undefined;
  /** A message when the draft must not be sent as it is (the draft is kept). */
  validate?: (value: T) => string | null;
}) {
  const [backup] = useState(() => readBackup<T>(backupKey));
  const restored = backup?.value;
  const [value, setValueState] = useState<T>(restored !== undefined ? restored : initial);
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [error, setError] = useState<{ message: string; willRetry: boolean }>();

  const valueRef = useRef(value);
  const version = useRef(0);
  const savedVersion = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempts = useRef(0);
  const saveRef = useRef(save);
  const validateRef = useRef(validate);
  const baseVersionRef = useRef(baseVersion);
  const mounted = useRef(true);
  useEffect(() => {
    saveRef.current = save;
    validateRef.current = validate;
    baseVersionRef.current = baseVersion;
  });
  const keepBackup = useCallback((draft: unknown) => writeBackup(backupKey, draft, baseVersionRef.current?.()), [backupKey]);

  // A named function expression: it calls itself (queued and retried saves) without reading `run`.
  const run = useCallback(
    async function runSave(): Promise<void> {
      clearTimeout(timer.current);
      if (inFlight.current) {
        await inFlight.current;
        if (version.current > savedVersion.current) return runSave();
        return;
      }
      if (version.current === savedVersion.current) return;
      const v = version.current;
      const draft = valueRef.current;
      const invalid = validateRef.current?.(draft);
      if (invalid) {
        if (mounted.current) {
          setStatus("error");
          setError({ message: invalid, willRetry: false });
        }
        return;
      }
      if (mounted.current) setStatus("saving");
      const attempt = (async () => {
        try {
          await saveRef.current(draft);
          savedVersion.current = Math.max(savedVersion.current, v);
          attempts.current = 0;
          if (version.current === v) dropBackup(backupKey);
          if (!mounted.current) return;
          setError(undefined);
          if (version.current === v) setStatus("saved");
          else timer.current = setTimeout(() => void runSave(), delay);
        } catch (e) {
          keepBackup(valueRef.current);
          if (!mounted.current) return;
          const willRetry = isRetryable(e);
          setStatus("error");
          setError({ message: e instanceof Error ? e.message : "The server did not answer.", willRetry });
          if (willRetry) {
            const wait = RETRY_DELAYS[Math.min(attempts.current, RETRY_DELAYS.length - 1)];
            attempts.current += 1;
            timer.current = setTimeout(() => void runSave(), wait);
          }
        }
      })();
      inFlight.current = attempt;
      try {
        await attempt;
      } finally {
        inFlight.current = null;
      }
    },
    [backupKey, delay, keepBackup],
  );

  const setValue = useCallback(
    (next: T | ((prev: T) => T), options: { immediate?: boolean } = {}) => {
      const resolved = typeof next === "function" ? (next as (prev: T) => T)(valueRef.current) : next;
      valueRef.current = resolved;
      version.current += 1;
      setValueState(resolved);
      // An error stays on screen until a save succeeds; otherwise show that a save is coming.
      setStatus((s) => (s === "error" ? s : "saving"));
      clearTimeout(timer.current);
      if (options.immediate) void run();
      else timer.current = setTimeout(() => void run(), delay);
    },
    [delay, run],
  );

  const retryNow = useCallback(() => {
    attempts.current = 0;
    void run();
  }, [run]);

  /**
   * Puts a value on the page as saved: one the server already holds (another version the author
   * chose to take). Whatever was unsaved is replaced, so the caller keeps it if it may be wanted.
   */
  const replace = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      valueRef.current = next;
      version.current += 1;
      savedVersion.current = version.current;
      attempts.current = 0;
      dropBackup(backupKey);
      setValueState(next);
      setError(undefined);
      setStatus("saved");
    },
    [backupKey],
  );

  /** Saves now what is not saved yet; resolves when it is (or the try failed). */
  const flush = useCallback(() => run(), [run]);

  const isDirty = () => version.current > savedVersion.current;

  // A draft restored from localStorage goes out at once.
  useEffect(() => {
    if (restored !== undefined) {
      version.current += 1;
      void run();
    }
    // Once, on mount: the draft found then is the one to send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Leaving the page with unsaved text asks first; leaving the editor in the app sends it.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (version.current > savedVersion.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      if (version.current > savedVersion.current) {
        // What was typed after the save in flight (if any) goes out once that one is done.
        const v = version.current;
        const draft = valueRef.current;
        keepBackup(draft);
        void (inFlight.current ?? Promise.resolve())
          .then(() => (savedVersion.current >= v ? undefined : saveRef.current(draft)))
          .then(
            () => {
              savedVersion.current = Math.max(savedVersion.current, v);
              dropBackup(backupKey);
            },
            () => {},
          );
      }
    };
  }, [backupKey, keepBackup]);

  return {
    value,
    setValue,
    replace,
    status,
    error,
    retryNow,
    flush,
    isDirty,
    restored: restored !== undefined,
    /** The version the restored draft was typed over, when it was kept. */
    restoredVersion: backup?.version,
  };
}
