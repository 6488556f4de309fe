"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiClientError, appApi } from "@/lib/client/api";
import { enrolmentKeys } from "@/lib/client/query-keys";

type Enrolment = Awaited<ReturnType<typeof readEnrolment>>;

const readEnrolment = (enrolmentId: string) =>
  appApi.GET("/app/enrolments/{enrolmentId}", { params: { path: { enrolmentId } } }).then((r) => r.data);
const readLearners = (enrolmentId: string) =>
  appApi.GET("/app/enrolments/{enrolmentId}/learners", { params: { path: { enrolmentId } } }).then((r) => r.data);

/** Addresses pasted as a list: split on line ends, commas, semicolons and spaces; blanks dropped. */
export const addressesIn = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

const STATUS_LABEL = { invited: "Invited", started: "Started", completed: "Completed" } as const;
const STATUS_STYLE = {
  invited: "bg-slate-100 text-slate-700",
  started: "bg-amber-50 text-amber-800",
  completed: "bg-emerald-50 text-emerald-800",
} as const;

const errorText = (error: unknown) => (error instanceof ApiClientError ? error.message : "Something went wrong. Try again.");

/**
 * The buyer's page of one enrolment (issue 43): how many seats are used, a box to invite learners
 * (one address or a pasted list), each learner's progress with a way to free an unused seat, the
 * progress as CSV, and the managers with a way to add one.
 */
export function EnrolmentView({ initial }: { initial: Enrolment }) {
  const id = initial.id;
  const client = useQueryClient();
  const enrolment = useQuery({ queryKey: enrolmentKeys.one(id), queryFn: () => readEnrolment(id), initialData: initial }).data;
  const learners = useQuery({ queryKey: enrolmentKeys.learners(id), queryFn: () => readLearners(id) });
  const refresh = () => client.invalidateQueries({ queryKey: enrolmentKeys.one(id) });

  const [addresses, setAddresses] = useState("");
  const [invitedNote, setInvitedNote] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (emails: string[]) =>
      appApi.POST("/app/enrolments/{enrolmentId}/invitations", { params: { path: { enrolmentId: id } }, body: { emails } }),
    onSuccess: ({ data }) => {
      const parts = [`Invited ${data.invited.length} learner${data.invited.length === 1 ? "" : "s"}.`];
      if (data.already.length) parts.push(`Already holding a seat: ${data.already.map((a) => a.email).join(", ")}.`);
      setInvitedNote(parts.join(" "));
      setAddresses("");
      return refresh();
    },
  });
  const free = useMutation({
    mutationFn: (email: string) =>
      appApi.DELETE("/app/enrolments/{enrolmentId}/learners/{email}", { params: { path: { enrolmentId: id, email } } }),
    onSuccess: refresh,
  });
  const [managerEmail, setManagerEmail] = useState("");
  const addManager = useMutation({
    mutationFn: (email: string) =>
      appApi.POST("/app/enrolments/{enrolmentId}/managers", { params: { path: { enrolmentId: id } }, body: { email } }),
    onSuccess: () => {
      setManagerEmail("");
      return refresh();
    },
  });

  const left = enrolment.seats - enrolment.seats_used;
  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    setInvitedNote(null);
    const emails = addressesIn(addresses);
    if (emails.length) invite.mutate(emails);
  };

  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{enrolment.course.title}</h1>
        <p className="text-sm text-slate-600">
          by {enrolment.provider.name} ·{" "}
          <strong data-testid="seats-used">
            {enrolment.seats_used} of {enrolment.seats} seats used
          </strong>{" "}
          · {left} left
        </p>
      </div>

      <section aria-labelledby="invite-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="invite-heading" className="text-lg font-medium">
          Invite learners
        </h2>
        <form onSubmit={onInvite} className="space-y-3">
          <div className="space-y-1">
            <label htmlFor="learner-addresses" className="block text-sm font-medium text-slate-700">
              Email addresses
            </label>
            <textarea
              id="learner-addresses"
              value={addresses}
              onChange={(e) => setAddresses(e.target.value)}
              rows={3}
              placeholder="ana@example.com, ben@example.com"
              aria-describedby="learner-addresses-hint"
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
            <p id="learner-addresses-hint" className="text-xs text-slate-500">
              One address, or a list pasted from a spreadsheet. Each new learner takes a seat and gets a link to the course.
            </p>
          </div>
          {invite.error ? <Alert>{errorText(invite.error)}</Alert> : null}
          {invitedNote ? <Alert tone="success">{invitedNote}</Alert> : null}
          <Button type="submit" disabled={invite.isPending || !addressesIn(addresses).length}>
            {invite.isPending ? "Inviting…" : "Invite"}
          </Button>
        </form>
      </section>

      <section aria-labelledby="learners-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="learners-heading" className="text-lg font-medium">
            Learners
          </h2>
          <a href={`/api/app/enrolments/${id}/learners?format=csv`} className="text-sm font-medium text-brand-700 hover:underline" download>
            Download progress (CSV)
          </a>
        </div>
        {free.error ? <Alert>{errorText(free.error)}</Alert> : null}
        {learners.isPending ? (
          <p className="text-sm text-slate-500">Loading learners…</p>
        ) : learners.error ? (
          <Alert>{errorText(learners.error)}</Alert>
        ) : learners.data.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody is invited yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {learners.data.map((l) => (
              <li key={l.email} className="flex flex-wrap items-center justify-between gap-3 p-3" aria-label={l.email}>
                <div className="min-w-0 space-y-0.5">
                  <p className="truncate text-sm font-medium text-slate-900">{l.name ?? l.email}</p>
                  {l.name ? <p className="truncate text-xs text-slate-500">{l.email}</p> : null}
                  <p className="text-xs text-slate-600">
                    {l.lessons_completed} of {l.lesson_count} lessons
                    {l.quizzes.map((q) => (
                      <span key={q.id}>
                        {" "}
                        · {q.title}: {q.best_percentage === null ? "not taken" : `${Math.round(q.best_percentage)}%`}
                        {q.passed ? " (passed)" : ""}
                      </span>
                    ))}
                    {l.completed_at ? ` · completed ${new Date(l.completed_at).toLocaleDateString()}` : ""}
                    {l.certificate ? (l.certificate.revoked_at ? " · certificate revoked" : " · certificate issued") : ""}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[l.status]}`}>{STATUS_LABEL[l.status]}</span>
                  <span className="text-sm tabular-nums text-slate-700">{l.percent_complete}%</span>
                  {l.status === "invited" ? (
                    <Button
                      variant="secondary"
                      onClick={() => free.mutate(l.email)}
                      disabled={free.isPending}
                      aria-label={`Free seat of ${l.email}`}
                    >
                      Free seat
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="managers-heading" className="space-y-3">
        <h2 id="managers-heading" className="text-lg font-medium">
          Managers
        </h2>
        <ul className="list-inside list-disc text-sm text-slate-700">
          {enrolment.managers.map((m) => (
            <li key={m.email}>{m.email}</li>
          ))}
        </ul>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (managerEmail.trim()) addManager.mutate(managerEmail.trim());
          }}
        >
          <div className="min-w-0 flex-1">
            <Field
              label="Add a manager"
              type="email"
              value={managerEmail}
              onChange={(e) => setManagerEmail(e.target.value)}
              placeholder="colleague@example.com"
            />
          </div>
          <Button type="submit" variant="secondary" disabled={addManager.isPending || !managerEmail.trim()}>
            Add manager
          </Button>
        </form>
        {addManager.error ? <Alert>{errorText(addManager.error)}</Alert> : null}
      </section>
    </div>
  );
}
