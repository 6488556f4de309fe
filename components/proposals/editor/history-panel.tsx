"use client";

import { Alert } from "@/components/ui/alert";
import { LoadingText } from "@/components/ui/loading-placeholder";
import { statusAllows } from "@/lib/proposals/proposals/status-rules";
import { ProposalHistory } from "../proposal-history";
import { formatTime } from "./format";
import type { ProposalDto } from "./queries";
import { useProposalHistory } from "./use-history";

/** The editor's "History": every event of the proposal with who did it, staff by name (the customer's page names the company). */
export function HistoryPanel({ proposal }: { proposal: ProposalDto }) {
  // Once the customer can open it, they may act at any time: the history is watched.
  const history = useProposalHistory(proposal.uuid, statusAllows("view", proposal.status));
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      {history.error ? (
        <Alert>The history could not be loaded: {history.error.message}</Alert>
      ) : history.data ? (
        <ProposalHistory events={history.data} companyName={proposal.company_name} formatTime={formatTime} headingId="editor-history" />
      ) : (
        <LoadingText>Loading the history…</LoadingText>
      )}
    </div>
  );
}
