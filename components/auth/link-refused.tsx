import Link from "next/link";
import type { ReactNode } from "react";

const HEADINGS = {
  used: "This link was already used",
  expired: "This link has expired",
  unknown: "This link is not valid",
} as const;

/**
 * What a mailed link that opens nothing shows: why (used, expired, or altered and replaced links
 * alike: "not valid"), and the way to ask again (`children`).
 */
export function LinkRefused({ reason, children }: { reason: keyof typeof HEADINGS; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{HEADINGS[reason]}</h1>
      {reason === "unknown" ? (
        <p className="text-sm text-slate-700">
          It may have been cut short when it was copied, or a newer mail replaced it: only the newest link works.
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A link styled as the form's main button. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="flex w-full justify-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      {children}
    </Link>
  );
}
