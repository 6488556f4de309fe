import Link from "next/link";

const ways = [
  { href: "/learn", label: "Learn", what: "the courses you take" },
  { href: "/", label: "Author", what: "the courses you make" },
];

/**
 * The not-found page's content: 404, what may have happened, ways back. The root page
 * (app/not-found.tsx) puts the header above it; a route group whose layout already has the header
 * shows it as it is, so the header is not drawn twice.
 */
export function NotFoundView() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-600">The address may be mistyped, or what it pointed to has been moved or deleted.</p>
      <Link href="/" className="mt-8 inline-flex rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Home page
      </Link>
      <ul className="mt-8 grid gap-3 text-left sm:grid-cols-2">
        {ways.map((way) => (
          <li key={way.label} className="rounded-lg border border-slate-200 bg-white p-4">
            <Link href={way.href} className="font-medium text-brand-700 hover:underline">
              {way.label}
            </Link>
            <p className="mt-1 text-sm text-slate-600">{way.what}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
