/** A draft, a template, an unknown or mistyped link: the same friendly page, telling nothing more. */
export function ProposalNotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">This proposal is not available</h1>
      <p className="mt-3 text-slate-600">
        The link may be incomplete, or the proposal has not been sent yet. Check the link in the message you received, or ask the sender for
        a new one.
      </p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a page without Next's scripts (pages/p/[uuid].tsx) */}
      <a href="/" className="mt-6 text-sm text-brand-700 underline">
        Go to the home page
      </a>
    </main>
  );
}
