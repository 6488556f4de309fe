"use client";

import { useDeferredValue, useState, type FormEvent } from "react";
import { useContacts, type ContactDto } from "@/components/proposals/queries";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ApiClientError, type ApiIssue } from "@/lib/client/api";
import { issueAt } from "./format";
import type { ProposalChange, ProposalDto } from "./queries";

const contactName = (c: ContactDto) => [c.first_name, c.last_name].filter(Boolean).join(" ") || c.email || `Contact ${c.id}`;

type Refusal = { message: string; code?: string; issues: ApiIssue[] };

const refusalOf = (error: unknown): Refusal =>
  error instanceof ApiClientError
    ? { message: error.message, code: error.code, issues: error.issues }
    : { message: "The recipient could not be saved.", issues: [] };

/**
 * Who receives the proposal: an existing contact (searched) or a new one made inline (the PATCH
 * creates the contact). A refusal shows here, beside the field, not as a toast: INVALID_RECIPIENT
 * says the contact cannot receive proposals any more.
 */
export function RecipientSection({
  proposal,
  patch,
  isReadOnly,
}: {
  proposal: ProposalDto;
  patch: (change: ProposalChange) => Promise<ProposalDto>;
  isReadOnly: boolean;
}) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query.trim());
  const [isCreating, setIsCreating] = useState(false);
  const [fields, setFields] = useState({ first_name: "", last_name: "", email: "", company_name: "" });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const contacts = useContacts(isReadOnly ? undefined : proposal.company_id, { q: deferred || undefined });

  async function choose(recipient: ProposalChange["recipient"]) {
    setIsBusy(true);
    setRefusal(null);
    try {
      await patch({ recipient });
      setQuery("");
      setIsCreating(false);
      setFields({ first_name: "", last_name: "", email: "", company_name: "" });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  function create(event: FormEvent) {
    event.preventDefault();
    const recipient = Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim())) as Record<string, string>;
    if (!Object.keys(recipient).length) {
      setRefusal({ message: "Give the new recipient a name or an email address.", issues: [] });
      return;
    }
    void choose(recipient);
  }

  const fieldIssue = (name: string) => issueAt(refusal?.issues, `recipient.${name}`);
  const generalMessage =
    refusal?.code === "INVALID_RECIPIENT"
      ? `This contact cannot be the recipient: ${refusal.message.replace(/\.?$/, ".")} Choose an active contact or create a new one.`
      : refusal && !["first_name", "last_name", "email", "company_name"].some((n) => fieldIssue(n))
        ? (issueAt(refusal.issues, "recipient") ?? refusal.message)
        : undefined;

  return (
    <section aria-labelledby="recipient-heading" className="space-y-3">
      <h2 id="recipient-heading" className="text-base font-semibold text-slate-900">
        Recipient
      </h2>
      <p className="text-sm text-slate-700" aria-label="Current recipient">
        {proposal.recipient_is_set || proposal.recipient_id !== null ? (
          <>
            <span className="font-medium">{proposal.recipient_name || proposal.recipient_email}</span>
            {proposal.recipient_email && proposal.recipient_name ? (
              <span className="text-slate-500"> · {proposal.recipient_email}</span>
            ) : null}
            {proposal.recipient_company_name ? <span className="text-slate-500"> · {proposal.recipient_company_name}</span> : null}
          </>
        ) : (
          <span className="text-slate-500">No recipient yet: search your contacts or create a new one.</span>
        )}
      </p>
      {isReadOnly ? null : (
        <>
          <Field
            label="Search contacts"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Name, email or company"
            error={generalMessage}
          />
          {query.trim() ? (
            <ul
              aria-label="Matching contacts"
              className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
            >
              {contacts.data?.length ? (
                contacts.data.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium">{contactName(c)}</span>
                      {c.email ? <span className="text-slate-500"> · {c.email}</span> : null}
                      {c.company_name ? <span className="text-slate-500"> · {c.company_name}</span> : null}
                    </span>
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={isBusy}
                      aria-label={`Choose ${contactName(c)}`}
                      onClick={() => void choose({ id: c.id })}
                    >
                      Choose
                    </Button>
                  </li>
                ))
              ) : (
                <li className="px-3 py-2 text-sm text-slate-500">{contacts.isLoading ? "Searching…" : "No contact matches."}</li>
              )}
            </ul>
          ) : null}
          {isCreating ? (
            <form onSubmit={create} aria-label="New recipient" className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <Field
                label="First name"
                value={fields.first_name}
                onChange={(e) => setFields({ ...fields, first_name: e.target.value })}
                error={fieldIssue("first_name")}
              />
              <Field
                label="Last name"
                value={fields.last_name}
                onChange={(e) => setFields({ ...fields, last_name: e.target.value })}
                error={fieldIssue("last_name")}
              />
              <Field
                label="Email"
                type="email"
                value={fields.email}
                onChange={(e) => setFields({ ...fields, email: e.target.value })}
                error={fieldIssue("email")}
              />
              <Field
                label="Company"
                value={fields.company_name}
                onChange={(e) => setFields({ ...fields, company_name: e.target.value })}
                error={fieldIssue("company_name")}
              />
              <div className="flex gap-2 sm:col-span-2">
                <Button type="submit" disabled={isBusy}>
                  Create recipient
                </Button>
                <Button type="button" variant="ghost" onClick={() => setIsCreating(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <Button type="button" variant="secondary" onClick={() => setIsCreating(true)}>
              New recipient
            </Button>
          )}
        </>
      )}
    </section>
  );
}
