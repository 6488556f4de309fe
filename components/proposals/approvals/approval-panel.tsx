"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { proposalKeys } from "@/lib/client/query-keys";
import { errorMessage, formatTime } from "../editor/format";
import type { ProposalDto } from "../editor/queries";
import { useApprovalRules, useApprovalStep, type ApprovalStep } from "./queries";
import { reasonText } from "./reason-text";

type Approval = ProposalDto["approval"];

const TONES: Record<Approval["status"], string> = {
  not_needed: "border-slate-200 bg-white",
  required: "border-amber-300 bg-amber-50",
  requested: "border-sky-300 bg-sky-50",
  approved: "border-emerald-300 bg-emerald-50",
  declined: "border-red-300 bg-red-50",
};

const HEADINGS: Record<Approval["status"], string> = {
  not_needed: "",
  required: "Needs an owner's approval before it is sent",
  requested: "Waiting for an owner's approval",
  approved: "Approved: ready to send",
  declined: "Approval declined",
};

/** Until an owner answers, look again now and then: approving does not change the proposal itself. */
const WAITING_REFRESH_MS = 10_000;

/**
 * The draft's approval round (issue 41), above the editor when the company's rules need one: which
 * rules the draft breaks, who asked and who decided, with their notes. A member asks; an owner
 * approves or declines (and may approve without being asked). An edit after an approval voids it.
 */
export function ApprovalPanel({ proposal }: { proposal: ProposalDto }) {
  const { approval } = proposal;
  const rules = useApprovalRules(proposal.company_id);
  const step = useApprovalStep(proposal.uuid);
  const client = useQueryClient();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const headingId = useId();
  const noteId = useId();
  const isOwner = rules.data?.can_manage === true;
  const { status } = approval;

  useEffect(() => {
    if (status !== "requested") return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: proposalKeys.detail(proposal.uuid) }), WAITING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [client, proposal.uuid, status]);

  if (proposal.status !== "draft" || status === "not_needed") return null;
  const latest = approval.latest;

  async function take(name: ApprovalStep) {
    setError(undefined);
    try {
      await step.mutateAsync({ step: name, note });
      setNote("");
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const actions: { step: ApprovalStep; label: string; variant: "primary" | "secondary" | "danger" }[] = [];
  if (status === "required" || status === "declined")
    actions.push({ step: "request", label: "Request approval", variant: isOwner ? "secondary" : "primary" });
  if (isOwner && status !== "approved") actions.push({ step: "approve", label: "Approve", variant: "primary" });
  if (isOwner && status !== "declined") actions.push({ step: "decline", label: "Decline", variant: "danger" });

  return (
    <section aria-labelledby={headingId} data-approval={status} className={`space-y-2 rounded-lg border p-3 text-sm ${TONES[status]}`}>
      <h2 id={headingId} className="font-semibold text-slate-900">
        {HEADINGS[status]}
      </h2>
      {approval.reasons.length ? (
        <ul className="list-disc space-y-0.5 pl-5 text-slate-800">
          {approval.reasons.map((r) => (
            <li key={r.rule}>{reasonText(r, proposal)}</li>
          ))}
        </ul>
      ) : null}
      {approval.voided && status === "required" ? (
        <p className="text-slate-800">An owner approved an earlier version. It was edited since, so it needs a new approval.</p>
      ) : null}
      {latest?.requested_by && (status === "requested" || status === "declined" || status === "approved") ? (
        <Said who={latest.requested_by} verb="asked" at={latest.requested_at} note={latest.request_note} />
      ) : null}
      {latest?.decided_by && (status === "approved" || status === "declined") ? (
        <Said
          who={latest.decided_by}
          verb={status === "approved" ? "approved" : "declined"}
          at={latest.decided_at}
          note={latest.decision_note}
        />
      ) : null}
      {status === "approved" ? <p className="text-slate-800">Send it as it is: editing it again needs a new approval.</p> : null}
      {status === "requested" && !isOwner ? (
        <p className="text-slate-800">The company&apos;s owners were mailed. You can keep editing meanwhile.</p>
      ) : null}
      {actions.length ? (
        <div className="space-y-2">
          <label htmlFor={noteId} className="block text-xs font-medium text-slate-700">
            {isOwner && status !== "required" ? "Note for whoever asked (optional)" : "Note (optional)"}
          </label>
          <textarea
            id={noteId}
            value={note}
            rows={2}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          />
          <div className="flex flex-wrap gap-2">
            {actions.map((a) => (
              <Button key={a.step} type="button" variant={a.variant} disabled={step.isPending} onClick={() => void take(a.step)}>
                {a.label}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Said({ who, verb, at, note }: { who: string; verb: string; at: number | null; note: string }) {
  return (
    <div className="text-slate-800">
      <p>
        <span className="font-medium">{who}</span> {verb}
        {at ? ` ${formatTime(at)}` : ""}
        {note ? ":" : "."}
      </p>
      {note ? (
        <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 whitespace-pre-wrap break-words text-slate-700">{note}</blockquote>
      ) : null}
    </div>
  );
}
