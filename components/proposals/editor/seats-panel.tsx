"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { proposalsApi } from "@/lib/client/api";
import type { ProposalDto } from "./queries";

const readSeats = (uuid: string) => proposalsApi.GET("/v3/proposals/{uuid}/enrolments", { params: { path: { uuid } } }).then((r) => r.data);

/**
 * What an accepted proposal delivered (issue 43, docs/decisions/069): for each course block the buyer
 * kept, the seats sold, how many the buyer's managers have handed out, and who those managers are.
 * Shown only on an accepted proposal that sold a course; the buyer's page itself is theirs.
 */
export function SeatsPanel({ proposal }: { proposal: ProposalDto }) {
  const headingId = useId();
  const accepted = proposal.status === "accepted";
  const seats = useQuery({
    queryKey: ["proposals", proposal.uuid, "enrolments"],
    queryFn: () => readSeats(proposal.uuid),
    enabled: accepted,
    refetchInterval: 60_000,
  });
  if (!accepted || !seats.data?.length) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Seats sold
      </h2>
      <ul className="space-y-2 text-sm">
        {seats.data.map((enrolment) => (
          <li key={enrolment.id} aria-label={enrolment.course.title} className="min-w-0">
            <p className="font-medium break-words text-slate-900">{enrolment.course.title}</p>
            <p className="text-slate-700" data-testid="seats-sold">
              {enrolment.seats_used} of {enrolment.seats} {enrolment.seats === 1 ? "seat" : "seats"} handed out
            </p>
            <p className="break-words text-slate-600">Managed by {enrolment.managers.map((m) => m.email).join(", ")}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
