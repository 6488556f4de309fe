"use client";

/**
 * What a page that failed shows: what happened in plain words, a way to try again, a way home, and
 * the reference the server logged the error under (never the error itself). The way home is a plain
 * link: it loads the app afresh after a failure, and keeps the router's link code out of the error
 * pages' own scripts, which every page downloads.
 */
export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  const reference = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a fresh load after a failure (see above) */}
      <a href="/" className="mb-8 flex items-center gap-2 text-lg font-semibold">
        <span aria-hidden className="grid h-8 w-8 place-items-center rounded-md bg-brand-600 text-white">
          C
        </span>
        Coursewright
      </a>
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-3 text-slate-600">This page could not be shown. It may work if you try again; your saved work is not affected.</p>
      {reference ? <p className="mt-2 text-xs text-slate-500">Reference: {reference}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => retry()}
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Try again
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- as above */}
        <a href="/" className="rounded-md px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-white">
          Home page
        </a>
      </div>
    </main>
  );
}
