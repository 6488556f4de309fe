"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { useSelectedCompany, withCompany } from "./use-company";

/** The proposals area's own navigation: its pages and the company switcher. */
export function ProposalsNav() {
  const pathname = usePathname() ?? "";
  const { companies, company, select } = useSelectedCompany();
  const switcherId = useId();
  // The editor has its own header; the nav is for the list and the library.
  if (pathname.endsWith("/edit") || !companies.data?.length) return null;
  const tabs = [
    { href: "/proposals", label: "Proposals" },
    { href: "/proposals/pipeline", label: "Pipeline" },
    { href: "/proposals/library", label: "Content library" },
    { href: "/proposals/members", label: "Members" },
    { href: "/proposals/webhooks", label: "Webhooks" },
  ];
  return (
    <div className="mb-6 flex flex-col gap-3 border-b border-slate-200 sm:flex-row sm:items-end sm:justify-between">
      <nav aria-label="Proposals" className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => {
          const current = pathname === tab.href;
          return (
            <Link
              key={tab.href}
              href={withCompany(tab.href, company)}
              aria-current={current ? "page" : undefined}
              className={`border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {tab.label}
            </Link>
          );
        })}
        {/* Public and company-free: checks any acceptance record's PDF (docs/decisions/036). */}
        <Link href="/verify" className="border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900">
          Verify a record
        </Link>
      </nav>
      {company ? (
        <div className="flex items-center gap-2 pb-2">
          <label htmlFor={switcherId} className="text-sm text-slate-600">
            Company
          </label>
          <select
            id={switcherId}
            value={company.id}
            onChange={(event) => select(Number(event.target.value))}
            className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {companies.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
