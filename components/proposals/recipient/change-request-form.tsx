"use client";

import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { MAX_CHANGE_REQUEST_MESSAGE } from "@/lib/proposals/public/change-request-rules";
import { askForChanges } from "@/lib/proposals/public/client";
import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { formatDay } from "./format";

/**
 * "Ask for changes" on an active proposal (docs/decisions/037): a message to the sales staff, who
 * are mailed it and answer with a new version; the proposal stays open meanwhile. What was asked
 * before is listed, so a reload, or another visit, shows it was sent. In a preview (a member of
 * the sending company) the form is shown disabled, as the answer form is.
 */
export function ChangeRequestForm({ proposal, isPreview }: { proposal: PublicProposal; isPreview: boolean }) {
  const messageId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [name, setName] = useState(proposal.recipient.name);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [messageError, setMessageError] = useState<string>();
  const [sent, setSent] = useState(false);
  const isLive = useHydrated();
  const company = proposal.company.name;
  const [earlier, setEarlier] = useState(proposal.change_requests);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = message.trim();
    if (!typed) {
      setMessageError("Write what you would like changed");
      return;
    }
    setMessageError(undefined);
    setError(null);
    setIsBusy(true);
    try {
      const asked = await askForChanges(proposal.uuid, { message: typed, ...(name.trim() ? { name: name.trim() } : {}) });
      // The list shows it at once, as the server recorded it (a reload reads the same).
      setEarlier((list) => [...list, asked]);
      setSent(true);
      setIsOpen(false);
      setMessage("");
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="recipient-changes"
      className="recipient-changes rounded-lg border border-slate-200 bg-white p-5 shadow-sm print:hidden"
    >
      <h2 id="recipient-changes" className="text-xl font-semibold text-slate-900">
        Something to change?
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {isPreview
          ? "Preview: this is where your customer asks for changes. It is disabled for you."
          : `Tell ${company} what you would like changed: they can send you a new version. This proposal stays open meanwhile.`}
      </p>
      {sent ? (
        <p role="status" className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          Your request was sent to {company}.
        </p>
      ) : null}
      {earlier.length ? (
        <div className="mt-4 space-y-2">
          <h3 className="text-sm font-semibold text-slate-800">You asked for</h3>
          <ul className="space-y-2">
            {earlier.map((request) => (
              <li key={`${request.created_at}-${request.message}`} className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
                <span className="block text-xs text-slate-500">On {formatDay(request.created_at, proposal)}</span>
                <span className="block break-words whitespace-pre-wrap">{request.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {isOpen ? (
        <form aria-label="Ask for changes" onSubmit={onSubmit} className="mt-4 space-y-3" noValidate>
          <div className="space-y-1">
            <label htmlFor={messageId} className="block text-sm font-medium text-slate-700">
              What would you like changed?
            </label>
            <textarea
              id={messageId}
              value={message}
              rows={5}
              maxLength={MAX_CHANGE_REQUEST_MESSAGE}
              required
              disabled={isBusy}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={`${messageId}-hint`}
              onChange={(e) => {
                setMessage(e.target.value);
                if (e.target.value.trim()) setMessageError(undefined);
              }}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid]:border-red-400 sm:text-sm"
            />
            <p id={`${messageId}-hint`} className={`text-xs ${messageError ? "text-red-700" : "text-slate-500"}`}>
              {messageError ?? `${message.length} of ${MAX_CHANGE_REQUEST_MESSAGE.toLocaleString("en")} characters.`}
            </p>
          </div>
          <Field
            label="Your name (optional)"
            name="requester"
            autoComplete="name"
            maxLength={200}
            value={name}
            disabled={isBusy}
            onChange={(e) => setName(e.target.value)}
          />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Sending…" : "Send request"}
            </Button>
            <Button type="button" variant="ghost" disabled={isBusy} onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-col sm:flex-row">
          <Button
            type="button"
            variant="secondary"
            disabled={isPreview || !isLive}
            onClick={() => {
              setSent(false);
              setIsOpen(true);
            }}
          >
            Ask for changes
          </Button>
        </div>
      )}
    </section>
  );
}
