"use client";

import type { ReactNode } from "react";
import type { PublicProposal } from "@/lib/proposals/public/schemas";
import { BuyerChoicesContext } from "./buyer-choices-context";
import { useBuyerChoices } from "./use-buyer-choices";

/**
 * The customer's choices for the whole page: the offer shows and changes them, and the answer form
 * saves what is still pending before it accepts (an acceptance freezes the choices as saved).
 */
export function BuyerChoicesProvider({
  proposal,
  isPreview,
  children,
}: {
  proposal: PublicProposal;
  isPreview: boolean;
  children: ReactNode;
}) {
  const choices = useBuyerChoices(proposal, { isPreview });
  return <BuyerChoicesContext.Provider value={choices}>{children}</BuyerChoicesContext.Provider>;
}
