"use client";

import { hasChoices } from "@/lib/proposals/proposals/block-choices";
import type { PublicView } from "@/lib/proposals/public/public-view";
import { useBuyerChoicesOfPage } from "./buyer-choices-context";
import { Offer } from "./offer";
import type { BuyerChoices } from "./use-buyer-choices";

/**
 * The offer of an active proposal with optional items or quantity ranges, where the customer
 * chooses: the lines and totals follow at once and the choices are saved (./use-buyer-choices.ts).
 */
export function OfferSection({ proposal }: { proposal: PublicView }) {
  const choices = useBuyerChoicesOfPage();
  const shown = choices?.shown ?? proposal;
  const isChoosing = choices !== null && choices.canChoose && hasChoices(proposal);
  return (
    <Offer
      proposal={shown}
      choose={isChoosing ? choices.choose : undefined}
      intro={
        isChoosing ? (
          <p className="text-sm text-slate-600 print:hidden">
            Choose the options and quantities that suit you: the totals follow
            {choices.isPreview ? ". Preview: your choices here are not saved." : ", and your choices are saved for the sender to see."}
          </p>
        ) : null
      }
      after={isChoosing && !choices.isPreview ? <SaveStatus choices={choices} /> : null}
    />
  );
}

/** Whether the customer's choices are saved: a live region, so it is heard as well as seen. */
function SaveStatus({ choices }: { choices: BuyerChoices }) {
  const { status, error } = choices;
  const text =
    status === "pending" || status === "saving"
      ? "Saving your choices…"
      : status === "saved"
        ? "Your choices are saved."
        : status === "error"
          ? `${error ?? "Your choice could not be saved."} `
          : "";
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm print:hidden">
      <p role="status" className={status === "error" ? "text-red-700" : "text-slate-600"}>
        {text}
      </p>
      {status === "error" ? (
        <button
          type="button"
          onClick={() => void choices.flush().catch(() => {})}
          className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
