"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { NO_PARAMS } from "@/lib/client/navigation";
import { useCompanies, type CompanyDto } from "./queries";

/**
 * The company the proposals pages work in: `?company=ID` in the url (so it survives reloads and
 * links), else the user's first company.
 */
export function useSelectedCompany() {
  const companies = useCompanies();
  const params = useSearchParams() ?? NO_PARAMS;
  const router = useRouter();
  const pathname = usePathname() ?? "";
  const asked = Number(params.get("company"));
  const list = companies.data ?? [];
  const company: CompanyDto | undefined = list.find((c) => c.id === asked) ?? list[0];
  const select = useCallback(
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set("company", String(id));
      router.push(`${pathname}?${next}`);
    },
    [params, pathname, router],
  );
  return { companies, company, select };
}

/** A proposals page's href keeping the selected company. */
export const withCompany = (path: string, company: CompanyDto | undefined) => (company ? `${path}?company=${company.id}` : path);
