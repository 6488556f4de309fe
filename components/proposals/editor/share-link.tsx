"use client";

import { useSyncExternalStore } from "react";
import { CopyField } from "@/components/ui/copy-field";

const noChanges = () => () => {};

/**
 * The customer's link of a sent proposal, to copy and share: the app does not deliver it (yet), and
 * a proposal without a recipient is only ever a link.
 */
export function ShareLink({ path, recipient }: { path: string; recipient: string | null }) {
  // The page's own origin: known only in the browser (the server render shows the path).
  const origin = useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => "",
  );
  return (
    <section aria-label="Link to share" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-sm text-slate-700">
        {recipient
          ? `Share this link with ${recipient}: whoever has it can read the proposal and answer it.`
          : "This proposal has no recipient: it was sent as a link. Share it with your customer; whoever has it can read the proposal and answer it."}
      </p>
      <CopyField label="Customer's link" value={`${origin}${path}`} copyLabel="Copy link" />
    </section>
  );
}
