import Link from "next/link";
import type { ReactNode } from "react";
import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { formatDay } from "./format";

const tones = {
  info: "border-brand-100 bg-brand-50 text-brand-700",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  muted: "border-slate-200 bg-slate-100 text-slate-700",
};

function Banner({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <div role="status" className={`recipient-status rounded-lg border px-4 py-3 text-sm sm:text-base ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** Where the proposal stands, in a sentence; active proposals say until when they can be accepted. */
export function ProposalStatus({ proposal }: { proposal: PublicProposal }) {
  const day = (unix: number) => formatDay(unix, proposal);
  const changed = day(proposal.status_changed_at);
  switch (proposal.status) {
    case "active":
      return proposal.expires_at ? <Banner tone="info">This proposal is valid until {day(proposal.expires_at)}.</Banner> : null;
    case "accepted": {
      const signature = proposal.signatures.at(-1);
      return (
        <Banner tone="success">
          <strong>{signature ? `Accepted by ${signature.name} on ${day(signature.signed_at)}` : `Accepted on ${changed}`}</strong>
        </Banner>
      );
    }
    case "rejected":
      return <Banner tone="muted">This proposal was declined on {changed}.</Banner>;
    case "expired":
      return (
        <Banner tone="warning">
          This proposal expired on {proposal.expires_at ? day(proposal.expires_at) : changed}. Contact the sender for a new one.
        </Banner>
      );
    case "withdrawn":
      return <Banner tone="muted">The sender withdrew this proposal on {changed}. It can no longer be accepted.</Banner>;
    case "replaced":
      return (
        <Banner tone="warning">
          This proposal has been replaced by a newer version.{" "}
          {proposal.current_version_uuid ? (
            // Not prefetched: rendering that page records a view, and only opening it is one.
            <Link className="font-medium underline" href={`/p/${proposal.current_version_uuid}`} prefetch={false}>
              Open the current version
            </Link>
          ) : (
            "Ask the sender to send you the current one."
          )}
        </Banner>
      );
    default:
      return null;
  }
}
