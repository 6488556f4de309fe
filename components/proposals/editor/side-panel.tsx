"use client";

import { useCallback, useId, useSyncExternalStore, type ReactNode } from "react";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

/** Where the panel sits beside the page: Tailwind's `lg`, where the editor hides "Recipient and settings". */
const WIDE = "(min-width: 64rem)";

function useIsWide() {
  const subscribe = useCallback((onChange: () => void) => {
    const query = window.matchMedia(WIDE);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  // The server's HTML has the panel beside the page, hidden below `lg` by its classes.
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * Recipient, variables, language, tax, expiry, background, attachments, versions and history: beside
 * the page on a wide screen; on a narrower one, a drawer ("Recipient and settings") on the app's
 * modal mechanism, so the page behind is inert, Escape closes it and focus goes back to its button.
 * Closed, the drawer stays in the page, hidden, so what was typed in it is still there when it opens.
 */
export function SidePanel({ isOpen, onClose, children }: { isOpen: boolean; onClose: () => void; children: ReactNode }) {
  const isWide = useIsWide();
  const dialog = useModalDialog({ open: isOpen && !isWide, onClose });
  const titleId = useId();

  if (isWide) {
    return (
      <aside aria-label="Recipient and settings" className="hidden min-w-0 lg:block">
        <div className="sticky top-4 max-h-[calc(100vh-2rem)] w-full space-y-8 overflow-y-auto rounded-lg bg-white p-4 ring-1 ring-slate-200">
          {children}
        </div>
      </aside>
    );
  }
  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      className="my-0 ml-auto mr-0 h-dvh max-h-dvh w-full max-w-md bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="h-full space-y-8 overflow-y-auto p-4">
        <div className="flex items-center justify-between">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Recipient and settings
          </h2>
          <button
            type="button"
            data-autofocus
            onClick={onClose}
            className="rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Close
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
