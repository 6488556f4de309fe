"use client";

import { useId, type ReactNode } from "react";
import { XIcon } from "./icons";
import { useModalDialog } from "./use-modal-dialog";

/**
 * The app's one modal, on the native <dialog> element (./use-modal-dialog): the page behind is
 * inert, Tab stays inside, Escape closes and focus goes back to what opened it. It is named by its
 * title and described by its description, so `getByRole("dialog", { name })` finds it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = "default",
  flush = false,
  closeOnBackdrop = false,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** `side` slides in from the right at full height; `narrow` suits a question with two buttons. */
  size?: "narrow" | "default" | "wide" | "side";
  /** The content lays out its own scrolling area and footer (a form whose buttons sit at the bottom). */
  flush?: boolean;
  /** For pickers with nothing to lose; forms keep their draft when the backdrop is clicked. */
  closeOnBackdrop?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const dialog = useModalDialog({ open, onClose });
  const titleId = useId();
  const descriptionId = useId();

  const frame =
    size === "side"
      ? "ml-auto mr-0 my-0 h-dvh max-h-dvh w-full max-w-xl rounded-none"
      : `m-auto max-h-[90dvh] w-[calc(100%-2rem)] ${size === "wide" ? "max-w-3xl" : size === "narrow" ? "max-w-md" : "max-w-lg"} rounded-xl`;

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      className={`${frame} bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 open:flex open:flex-col`}
    >
      {open ? (
        <>
          <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-0.5 text-sm text-slate-600">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <XIcon width={18} height={18} />
            </button>
          </header>
          {flush ? (
            <div className="flex min-h-0 flex-1 flex-col">{children}</div>
          ) : (
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          )}
          {footer ? <footer className="border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">{footer}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}
