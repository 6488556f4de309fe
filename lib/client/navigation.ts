/**
 * An empty query, for `useSearchParams() ?? NO_PARAMS`. Next types its navigation hooks nullable
 * once the app also has a pages/ directory (pages/p/[uuid].tsx, docs/decisions/049), where they
 * can be null; on the App Router's pages, the only ones that use them, they never are. Never
 * changed: whoever needs to change a query copies it first (`new URLSearchParams(params)`).
 */
export const NO_PARAMS: Readonly<URLSearchParams> = new URLSearchParams();
