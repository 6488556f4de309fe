"use client";

import { useSyncExternalStore } from "react";
import { CopyField } from "@/components/ui/copy-field";
import type { ProposalDeliveryDto } from "@/lib/client/types";
import { formatTime } from "./format";
import { useProposalDelivery } from "./use-delivery";

const noChanges = () => () => {};

type Mail = NonNullable<ProposalDeliveryDto["mail"]>;

/** How far the delivery mail got, in the sales person's words. */
function mailState(mail: Mail): { text: string; tone: "ok" | "problem" } {
  const what = mail.kind === "proposal_updated" ? "as an updated proposal" : "";
  const to = `to ${mail.to}${what ? ` ${what}` : ""}`;
  switch (mail.status) {
    case "sent":
      return { text: `Mailed ${to}${mail.sent_at ? ` on ${formatTime(mail.sent_at)}` : ""}.`, tone: "ok" };
    case "pending":
    case "sending":
      return { text: `Being mailed ${to}: on its way.`, tone: "ok" };
    case "failed":
      return {
        text: `The mail ${to} could not be delivered${mail.last_error ? ` (${mail.last_error})` : ""}. Share the link yourself.`,
        tone: "problem",
      };
    case "logged":
      return { text: `Not mailed ${to}: no mail server is set up for this app. Share the link yourself.`, tone: "problem" };
  }
}

/**
 * The customer's link of a sent proposal, to copy and share, and whether the app mailed it to the
 * recipient (docs/decisions/033): a proposal without a recipient, without an email, or sent
 * without mail is only ever a link.
 */
export function ShareLink({ uuid, path, recipient }: { uuid: string; path: string; recipient: string | null }) {
  // The page's own origin: known only in the browser (the server render shows the path).
  const origin = useSyncExternalStore(
    noChanges,
    () => window.location.origin,
    () => "",
  );
  const delivery = useProposalDelivery(uuid);
  const mail = delivery.data?.mail ?? null;
  const state = mail ? mailState(mail) : null;
  return (
    <section aria-label="Link to share" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      {state ? (
        <p className={`text-sm ${state.tone === "problem" ? "text-red-700" : "text-slate-700"}`}>
          {state.text} Whoever has the link can read the proposal and answer it.
        </p>
      ) : delivery.isLoading ? null : (
        <p className="text-sm text-slate-700">
          {recipient
            ? `Not mailed: share this link with ${recipient}. Whoever has it can read the proposal and answer it.`
            : "This proposal has no recipient: it was sent as a link. Share it with your customer; whoever has it can read the proposal and answer it."}
        </p>
      )}
      <CopyField label="Customer's link" value={`${origin}${path}`} copyLabel="Copy link" />
    </section>
  );
}
