"use client";

import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from "react";

/**
 * The app's modal mechanism, on the native <dialog>: while `open`, the dialog is shown with
 * showModal(), so the browser makes the page behind inert, closes it on Escape and gives focus
 * back to what opened it; Tab and Shift+Tab wrap around inside it. Spread the answer on the
 * <dialog>. Used by Modal, and by a panel that is a modal only on a narrow screen (the proposal
 * editor's side panel).
 */
export function useModalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first control; a dialog may name a better start.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    onClose: () => {
      if (open) onClose();
    },
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === "Tab") keepFocusInside(event);
      // A search field takes the browser's Escape to clear itself, and no close request comes:
      // Escape closes the dialog wherever the focus is in it, unless a control inside used it.
      else if (event.key === "Escape" && !event.defaultPrevented && isOwnTarget(event)) {
        event.preventDefault();
        onClose();
      }
    },
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The key was pressed in this dialog, not in a dialog opened from inside it. */
const isOwnTarget = (event: KeyboardEvent<HTMLDialogElement>) =>
  event.target instanceof Element && event.target.closest("dialog") === event.currentTarget;

/**
 * Tab from the last control wraps to the first, Shift+Tab from the first to the last: the browser
 * would hand the focus to its own controls (the address bar) between the two.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget;
  // A dialog opened from inside this one keeps its own focus.
  if (event.defaultPrevented || !isOwnTarget(event)) return;
  const inside = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.closest("dialog") === dialog && el.getClientRects().length > 0,
  );
  if (!inside.length) return;
  const first = inside[0];
  const last = inside[inside.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
