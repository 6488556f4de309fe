"use client";

import { Button } from "@/components/ui/button";
import { isOpen, statusAllows } from "@/lib/proposals/proposals/status-rules";
import { formatTime } from "./format";
import type { ProposalDto } from "./queries";

type ChangeRequest = ProposalDto["change_requests"][number];

/**
 * What the customer asked to change with "Ask for changes" on their page (docs/decisions/037).
 * On the version they asked it of, while it is open (active, or expired unanswered), it is a
 * banner with one click to "New version"; on a draft made from that version, the same messages,
 * to work from; on a version since answered or replaced, a quiet record.
 */
export function ChangeRequestsPanel({
  requests,
  proposal,
  source,
  onNewVersion,
  isBusy,
  error,
}: {
  requests: ChangeRequest[];
  proposal: ProposalDto;
  /** The version the requests were made on, when it is not `proposal` (a draft made from it). */
  source?: ProposalDto;
  onNewVersion: () => void;
  isBusy: boolean;
  error?: string;
}) {
  if (!requests.length) return null;
  const customer = proposal.recipient_name || proposal.recipient_email || "The customer";
  const isOpenHere = !source && isOpen(proposal.status);
  const heading = source
    ? `${customer} asked for changes to v${source.version}`
    : `${customer} asked for changes${requests.length > 1 ? ` (${requests.length})` : ""}`;
  return (
    <section
      aria-label="Change requests"
      className={`space-y-3 rounded-lg border p-4 ${isOpenHere ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-50"}`}
    >
      <h2 className="text-base font-semibold break-words text-slate-900">{heading}</h2>
      <ol className="space-y-2">
        {requests.map((request) => (
          <li key={`${request.created_at}-${request.message}`} className="rounded-md bg-white px-3 py-2 text-sm shadow-sm">
            <p className="text-xs text-slate-500">
              {request.name || customer} · {formatTime(request.created_at)}
            </p>
            <blockquote className="mt-1 break-words whitespace-pre-wrap text-slate-800">{request.message}</blockquote>
          </li>
        ))}
      </ol>
      {isOpenHere ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {statusAllows("newVersion", proposal.status) ? (
            <Button type="button" onClick={onNewVersion} disabled={isBusy}>
              New version
            </Button>
          ) : null}
          <p className="text-sm text-slate-700">
            The proposal stays open for {customer}. Make a new version with the changes and send it: it replaces this one.
          </p>
        </div>
      ) : source ? (
        <p className="text-sm text-slate-600">This draft is the new version: send it when the changes are made.</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
