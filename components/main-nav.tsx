"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export type NavSection = "learn" | "author" | "proposals" | "seats";

const SECTIONS: { id: NavSection; href: string; label: string; owns: (path: string) => boolean }[] = [
  { id: "learn", href: "/learn", label: "Learn", owns: (path) => /^\/learn(\/|$)/.test(path) },
  // The workspaces home and everything made in it: projects, their courses, lessons and members.
  { id: "author", href: "/", label: "Author", owns: (path) => path === "/" || /^\/(projects|workspaces)(\/|$)/.test(path) },
  { id: "proposals", href: "/proposals", label: "Proposals", owns: (path) => /^\/proposals(\/|$)/.test(path) },
  // The buyer's side of a sale: seats of courses bought, for their learning managers.
  { id: "seats", href: "/enrolments", label: "Seats", owns: (path) => /^\/enrolments(\/|$)/.test(path) },
];

/**
 * The app's sections, the current one marked (aria-current). Three or four short links fit a
 * phone's header, so they stay visible at every width instead of hiding behind a menu.
 */
export function MainNav({ sections }: { sections: NavSection[] }) {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-1">
      {SECTIONS.filter((s) => sections.includes(s.id)).map((s) => {
        const isCurrent = s.owns(pathname);
        return (
          <Link
            key={s.id}
            href={s.href}
            aria-current={isCurrent ? "page" : undefined}
            className={`rounded-md px-2 py-1.5 text-sm sm:px-2.5 ${
              isCurrent ? "bg-brand-50 font-medium text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            }`}
          >
            {s.label}
          </Link>
        );
      })}
    </nav>
  );
}
