"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export function ProjectTabs({ projectId }: { projectId: string }) {
  const pathname = usePathname();
  const base = `/projects/${projectId}`;
  const tabs = [
    { href: base, label: "Courses", active: pathname === base || pathname.startsWith(`${base}/lessons`) },
    { href: `${base}/questions`, label: "Question bank", active: pathname.startsWith(`${base}/questions`) },
    { href: `${base}/quizzes`, label: "Quizzes", active: pathname.startsWith(`${base}/quizzes`) },
    { href: `${base}/results`, label: "Results", active: pathname.startsWith(`${base}/results`) },
    { href: `${base}/trash`, label: "Trash", active: pathname.startsWith(`${base}/trash`) },
  ];
  return (
    <nav aria-label="Project sections" className="flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.active ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
            tab.active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
