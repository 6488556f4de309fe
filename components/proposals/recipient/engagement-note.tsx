"use client";

import { useEngagementReport } from "./use-engagement-report";

/**
 * What the customer's page measures, said where they can read it (docs/decisions/064), and the
 * measuring itself: only on a sent proposal awaiting its answer (the parent decides), and never
 * in a member's preview.
 */
export function EngagementNote({ uuid, companyName, isPreview }: { uuid: string; companyName: string; isPreview: boolean }) {
  useEngagementReport({ uuid, isEnabled: !isPreview });
  return (
    <p className="mt-12 px-5 text-xs text-slate-500 sm:px-0 print:hidden">
      Privacy: this page notes which parts of it were on screen and for how long, per visit, so that {companyName} sees what interested you.
      No cookies, and nothing about you.
    </p>
  );
}
