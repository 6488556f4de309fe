import { env, type EnvSource } from "@/lib/env";
import { FetchRefused, fetchUrl, type FetchedFile, type FetchUrlOptions } from "./fetch-url";

/**
 * The downloads one request asks for (a proposal's PDF attachments, a content item's images): a
 * few at a time, all within one deadline, so a request naming fifty slow URLs holds the server
 * for at most the deadline instead of fifty timeouts one after another.
 */

/** Downloads of one request running at once. */
export const FETCH_CONCURRENCY = 4;
/** Time for all the downloads of one request; each is still bounded by its own timeout (fetch-url.ts). */
export const FETCH_DEADLINE_MS = 30_000;

export type FetchAllOptions = Omit<FetchUrlOptions, "deadline"> & {
  /** Defaults from FETCH_DEADLINE_MS in the environment, else 30 s. */
  deadlineMs?: number;
  concurrency?: number;
};

/**
 * Downloads every url and hands each file to `keep` as it arrives (which stores it: only the
 * files being downloaded are held in memory, not the whole request's). Answers, in the urls'
 * order, what `keep` returned or the download's refusal; a download still running at the
 * deadline, or not yet started, is refused as "deadline". Any other error stops the downloads
 * still running and is thrown once every `keep` already under way has finished, so the caller
 * knows everything that was stored.
 */
export async function fetchAll<T>(
  urls: readonly string[],
  options: FetchAllOptions,
  keep: (file: FetchedFile, index: number) => Promise<T>,
): Promise<(T | FetchRefused)[]> {
  const { deadlineMs = fetchDeadlineFromEnv(), concurrency = FETCH_CONCURRENCY, ...fetchOptions } = options;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  const results: (T | FetchRefused)[] = new Array(urls.length);
  let failure: { error: unknown } | undefined;
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !failure) {
      const index = next++;
      try {
        results[index] = await keep(await fetchUrl(urls[index], { ...fetchOptions, deadline: deadline.signal }), index);
      } catch (error) {
        if (error instanceof FetchRefused) results[index] = error;
        else {
          failure ??= { error };
          deadline.abort();
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  } finally {
    clearTimeout(timer);
  }
  if (failure) throw failure.error;
  return results;
}

/** FETCH_DEADLINE_MS: a positive number of milliseconds, else the default. */
export function fetchDeadlineFromEnv(source?: EnvSource): number {
  return env("FETCH_DEADLINE_MS", source);
}
