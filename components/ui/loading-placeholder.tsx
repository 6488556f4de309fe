import type { ReactNode } from "react";

const BLOCK = "h-40 animate-pulse rounded-lg bg-slate-100";

/**
 * What a panel shows while its data loads: a status (a polite live region) named by `label`, whose
 * text screen readers announce, around skeleton shapes (`children`) or one grey block of
 * `className`'s size. A bare div may not carry an aria-label, so the role is what makes the name
 * count.
 */
export function LoadingPlaceholder({
  label,
  className,
  id,
  children,
}: {
  label: string;
  className?: string;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div id={id} role="status" aria-label={label} className={className ?? (children ? undefined : BLOCK)}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A loading message shown as text, announced like the placeholder above. */
export function LoadingText({ children, className = "text-sm text-slate-500" }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={className}>
      {children}
    </p>
  );
}
