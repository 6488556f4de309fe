"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buyerChoiceProblem, choicesOf, type BuyerChoice } from "@/lib/proposals/proposals/block-choices";
import { statusAllows } from "@/lib/proposals/proposals/status-rules";
import { ChoicesError, saveChoices, type ChoiceInput } from "@/lib/proposals/public/choices-client";
import type { PublicView } from "@/lib/proposals/public/public-view";
import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { computeValues, currencyFractionDigits } from "@/lib/proposals/values/proposal-values";

/** How long the page waits after the last click or keystroke before it saves: a burst of changes is one save, one event. */
export const SAVE_DELAY_MS = 700;

export type ChoicesSaveStatus = "idle" | "pending" | "saving" | "saved" | "error";

type Choice = { selected: boolean; quantity: number };

const choicesFrom = (proposal: PublicProposal): Record<string, Choice> =>
  Object.fromEntries(proposal.blocks.map((b) => [b.uuid, { selected: choicesOf(b).selected, quantity: b.quantity }]));

/**
 * The proposal as it reads with these choices: each block's selection and quantity, its line
 * values and the totals, through the server's own arithmetic (proposal-values.ts), so what the
 * page shows at once is what the server will answer.
 */
export function withChoices<P extends PublicView>(proposal: P, choices: Record<string, Choice>): P {
  const blocks = proposal.blocks.map((b) => ({ ...b, ...(choices[b.uuid] ?? {}) }));
  const { lines, total } = computeValues(blocks, proposal.tax_options, currencyFractionDigits(proposal.currency));
  return {
    ...proposal,
    blocks: blocks.map((b, i) => ({ ...b, value_without_tax: lines[i].without_tax, value_with_tax: lines[i].with_tax })),
    ...total,
  };
}

/**
 * The customer's choices on /p/{uuid}: kept on the page (totals follow at once) and saved a moment
 * after the last change (POST /api/public/proposals/{uuid}/choices), only what changed. A failed
 * save that may pass later is tried again at the next change or `flush`; one the server refused
 * (the proposal was answered or withdrawn meanwhile) reloads the page. In a preview (a
 * member of the sending company) choices stay on the page and are never saved.
 */
export function useBuyerChoices(proposal: PublicProposal, { isPreview }: { isPreview: boolean }) {
  const canChoose = statusAllows("choose", proposal.status);
  // The page's data is read once: after a refused save or an answer the page reloads.
  const [choices, setChoices] = useState(() => choicesFrom(proposal));
  const [status, setStatus] = useState<ChoicesSaveStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  // Changes not yet sent, by block; the save in flight, which the next one waits for.
  const pending = useRef(new Map<string, ChoiceInput>());
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const shown = useMemo(() => withChoices(proposal, choices), [proposal, choices]);

  const send = useCallback(async (): Promise<void> => {
    const batch = [...pending.current.values()];
    if (!batch.length) return;
    pending.current.clear();
    setStatus("saving");
    try {
      const saved = await saveChoices(proposal.uuid, batch);
      // What the server holds, except where the customer changed something meanwhile.
      const held = choicesFrom(saved);
      setChoices((current) => {
        const next = { ...current };
        for (const [uuid, choice] of Object.entries(held)) if (!pending.current.has(uuid)) next[uuid] = choice;
        return next;
      });
      setError(null);
      setStatus(pending.current.size ? "pending" : "saved");
    } catch (e) {
      const failure = e instanceof ChoicesError ? e : new ChoicesError("Your choice could not be saved.", false);
      setError(failure.message);
      setStatus("error");
      if (failure.isFinal) {
        // Refused: the page shows the proposal as the server has it (answered, withdrawn, expired).
        window.location.reload();
      } else {
        // Kept for the next try, under anything changed since.
        for (const choice of batch) pending.current.set(choice.uuid, { ...choice, ...pending.current.get(choice.uuid) });
      }
      throw failure;
    }
  }, [proposal.uuid]);

  /** Saves what is pending now, after any save in flight; rejects with the reason when it fails. */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current.catch(() => {});
    if (!pending.current.size) return;
    const run = send();
    inFlight.current = run;
    try {
      await run;
    } finally {
      inFlight.current = null;
    }
  }, [send]);

  const choose = useCallback(
    (uuid: string, choice: BuyerChoice) => {
      const block = proposal.blocks.find((b) => b.uuid === uuid);
      // The server's rules: a choice it would refuse never leaves the page. The block as sent is
      // enough to judge by: its range and whether it is optional do not change.
      if (!canChoose || !block || buyerChoiceProblem({ ...choicesOf(block), title: block.title }, choice)) return;
      setChoices((current) => ({ ...current, [uuid]: { ...current[uuid], ...choice } }));
      if (isPreview) return;
      pending.current.set(uuid, { ...pending.current.get(uuid), uuid, ...choice });
      setStatus("pending");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush().catch(() => {}), SAVE_DELAY_MS);
    },
    [canChoose, flush, isPreview, proposal.blocks],
  );

  // Leaving the page (or the phone locking) saves at once rather than dropping the last change.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") void flush().catch(() => {});
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return { shown, choose, flush, status, error, canChoose, isPreview };
}

export type BuyerChoices = ReturnType<typeof useBuyerChoices>;
