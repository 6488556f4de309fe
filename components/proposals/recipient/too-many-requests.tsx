/** What /p/{uuid} shows an address past its budget of page reads: when to come back, in plain words. */
export function TooManyRequests({ retryAfter }: { retryAfter: number }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Too many requests</h1>
      <p className="mt-3 text-slate-600">
        This page has been opened too often from your network in a short time. Try again in {retryAfter}{" "}
        {retryAfter === 1 ? "second" : "seconds"}; the proposal is still there.
      </p>
    </main>
  );
}
