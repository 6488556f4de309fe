import Link from "next/link";
import type { ReactNode } from "react";

/** The app's documentation pages, in the order their navigation lists them. */
const DOC_PAGES = [
  { href: "/docs/guide", label: "User guide" },
  { href: "/docs/api", label: "API reference" },
  { href: "/docs/webhooks", label: "Webhooks" },
  { href: "/docs/course-exchange", label: "Moving courses" },
] as const;

export type DocPage = (typeof DOC_PAGES)[number]["href"];

/** The links between the guides, the page shown marked as current; `children` adds a page's own links. */
export function DocsNav({ current, children }: { current: DocPage; children?: ReactNode }) {
  return (
    <nav aria-label="Documentation" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {DOC_PAGES.map(({ href, label }) => (
        <Link
          key={href}
          href={href}
          aria-current={href === current ? "page" : undefined}
          className="font-medium text-brand-700 underline underline-offset-2 aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
        >
          {label}
        </Link>
      ))}
      {children}
    </nav>
  );
}
