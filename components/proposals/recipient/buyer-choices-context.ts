"use client";

import { createContext, useContext } from "react";
import type { BuyerChoices } from "./use-buyer-choices";

/**
 * The customer's choices for the whole page (./buyer-choices.tsx provides them): apart from the
 * provider, so the answer form reads them without bringing the choosing code to a page that has
 * nothing to choose.
 */
export const BuyerChoicesContext = createContext<BuyerChoices | null>(null);

/** The page's choices; null outside a BuyerChoicesProvider. */
export const useBuyerChoicesOfPage = () => useContext(BuyerChoicesContext);
