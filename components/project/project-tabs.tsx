"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

export function ProjectTabs({ projectId }: { projectId: string }) {
  const pathname = usePathname() ?? "";
  const stripRef = useRef<HTMLElement>(null);
  const base = `/projects/${projectId}`;
  const tabs = [
    { href: base, label: "Courses", active: pathname === base || pathname.startsWith(`${base}/lessons`) },
    { href: `${base}/questions`, label: "Question bank", active: pathname.startsWith(`${base}/questions`) },
    { href: `${base}/quizzes`, label: "Quizzes", active: pathname.startsWith(`${base}/quizzes`) },
    { href: `${base}/results`, label: "Results", active: pathname.startsWith(`${base}/results`) },
    { href: `${base}/trash`, label: "Trash", active: pathname.startsWith(`${base}/trash`) },
  ];

  // On a phone the strip scrolls sideways by itself: bring the current tab into it, without moving the page.
  useEffect(() => {
    const strip = stripRef.current;
    const current = strip?.querySelector<HTMLElement>("[aria-current=page]");
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav ref={stripRef} aria-label="Project sections" className="relative overflow-x-auto">
      {/* The border spans the strip, or the tabs when they are wider than it and scroll. */}
      <div className="flex w-max min-w-full gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={tab.active ? "page" : undefined}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
              tab.active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
