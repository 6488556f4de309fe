import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while the browser hydrates it; true once the page's script runs
 * the page (at once on a page rendered in the browser). Controls that only a script can serve stay
 * disabled until then: a page is HTML before its script has run (on a slow phone, for a while),
 * and a click there would reach no handler (a form would even submit itself, what was typed in
 * the address). Used where people arrive from a link: the recipient's page and /verify.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
