import type { ReactNode } from "react";
import { statusLabel, statusWord } from "@/lib/proposals/proposals/status-labels";
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

/**
 * Where the proposal stands, in a sentence with the status's word as the sender's screens say it
 * (lib/proposals/proposals/status-labels.ts); a sent proposal says until when it can be accepted.
 */
export function ProposalStatus({ proposal }: { proposal: PublicProposal }) {
  const day = (unix: number) => formatDay(unix, proposal);
  const changed = day(proposal.status_changed_at);
  switch (proposal.status) {
    case "active":
      return (
        <Banner tone="info">
          This proposal was {statusWord("active")} on {changed}
          {proposal.expires_at ? ` and is valid until ${day(proposal.expires_at)}` : ""}.
        </Banner>
      );
    case "accepted": {
      const signature = proposal.signatures.at(-1);
      return (
        <Banner tone="success">
          <strong>
            {signature
              ? `${statusLabel("accepted")} by ${signature.name} on ${day(signature.signed_at)}`
              : `${statusLabel("accepted")} on ${changed}`}
          </strong>
        </Banner>
      );
    }
    case "rejected":
      return (
        <Banner tone="muted">
          This proposal was {statusWord("rejected")} on {changed}.
        </Banner>
      );
    case "expired":
      return (
        <Banner tone="warning">
          This proposal {statusWord("expired")} on {proposal.expires_at ? day(proposal.expires_at) : changed}. Contact the sender for a new
          one.
        </Banner>
      );
    case "withdrawn":
      return (
        <Banner tone="muted">
          This proposal was {statusWord("withdrawn")} by the sender on {changed}. It can no longer be accepted.
        </Banner>
      );
    case "replaced":
      return (
        <Banner tone="warning">
          This proposal has been {statusWord("replaced")} by a newer version.{" "}
          {proposal.current_version_uuid ? (
            <a className="font-medium underline" href={`/p/${proposal.current_version_uuid}`}>
              Open the current version
            </a>
          ) : (
            "Ask the sender to send you the current one."
          )}
        </Banner>
      );
    default:
      return null;
  }
}
