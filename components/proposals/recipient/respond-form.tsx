"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { CONSENT, CONSENT_REQUIRED } from "@/lib/proposals/acceptance/consent";
import { answerProposal, type ProposalAnswer } from "@/lib/proposals/public/client";
import { useBuyerChoicesOfPage } from "./buyer-choices-context";

/**
 * Accept (the typed name is the signature, with the consent ticked beside it; docs/decisions/036)
 * or decline an active proposal. After an answer the
 * server-rendered page is fetched again, so the state shown is the one the server recorded.
 * In a preview (a member of the sending company) the form is shown as the customer sees it, but
 * disabled: answering on the customer's behalf is the editor's action, with its own record.
 */
export function RespondForm({ uuid, companyName, isPreview }: { uuid: string; companyName: string; isPreview: boolean }) {
  const confirm = useConfirm();
  const choices = useBuyerChoicesOfPage();
  const [name, setName] = useState("");
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();
  const [busy, setBusy] = useState<ProposalAnswer["action"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const isLive = useHydrated();
  const isLocked = isPreview || busy !== null || !isLive;

  async function send(answer: ProposalAnswer) {
    setBusy(answer.action);
    setError(null);
    try {
      // The customer's last choices are saved first: the answer is to the offer as they shaped it.
      await choices?.flush();
      await answerProposal(uuid, answer);
      // The page as the server now has it: the answer recorded, the forms gone. Until it comes,
      // the form stays busy: the answer is not sent twice.
      window.location.reload();
    } catch (e) {
      setError((e as Error).message);
      setBusy(null);
    }
  }

  async function onAccept(event: FormEvent) {
    event.preventDefault();
    const typed = name.trim();
    setNameError(typed ? undefined : "Type your full name to accept");
    setConsentError(consent ? undefined : CONSENT_REQUIRED);
    if (!typed || !consent) return;
    await send({ action: "accept", name: typed, consent });
  }

  async function onDecline() {
    const sure = await confirm({
      title: "Decline this proposal?",
      body: `${companyName} will see that you declined. You cannot accept it afterwards from this page.`,
      confirmLabel: "Decline proposal",
      tone: "danger",
    });
    if (sure) await send({ action: "reject" });
  }

  return (
    <section
      aria-labelledby="recipient-respond"
      className="recipient-respond rounded-lg border border-slate-200 bg-white p-5 shadow-sm print:hidden"
    >
      <h2 id="recipient-respond" className="text-xl font-semibold text-slate-900">
        Your answer
      </h2>
      {isPreview ? (
        <p className="mt-2 text-sm text-slate-600">Preview: this is where your customer accepts or declines. It is disabled for you.</p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Type your full name to accept. It is recorded as your signature with the time, your network address and your browser, and you can
          download the accepted proposal as a PDF afterwards.
        </p>
      )}
      <form aria-label="Accept this proposal" onSubmit={onAccept} className="mt-4 space-y-3" noValidate>
        <Field
          label="Your full name"
          name="name"
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          disabled={isLocked}
          required
        />
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="consent"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              disabled={isLocked}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? "recipient-consent-error" : undefined}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0">{CONSENT.text}</span>
          </label>
          {consentError ? (
            <p id="recipient-consent-error" className="text-sm text-red-700">
              {consentError}
            </p>
          ) : null}
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={isLocked}>
            {busy === "accept" ? "Accepting…" : "Accept proposal"}
          </Button>
          <Button type="button" variant="danger" onClick={onDecline} disabled={isLocked}>
            {busy === "reject" ? "Declining…" : "Decline"}
          </Button>
        </div>
      </form>
    </section>
  );
}
