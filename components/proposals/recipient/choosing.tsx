"use client";

import dynamic from "next/dynamic";

// The choosing offer's code (its controls, the choices' arithmetic and their saving) in chunks the
// browser fetches only when a page renders them: a page where nobody chooses never does. Imported
// from a server component, `dynamic` would not split them (the page's chunks list every client
// module it imports); from here they are the client's own lazy chunks.
export const BuyerChoicesProvider = dynamic(() => import("./buyer-choices").then((m) => m.BuyerChoicesProvider));
export const OfferSection = dynamic(() => import("./offer-section").then((m) => m.OfferSection));
