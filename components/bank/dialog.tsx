"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { XIcon } from "./icons";

/**
 * A modal on the native <dialog> element: the browser traps focus, makes the page behind inert,
 * closes on Escape and gives focus back to what opened it. `side` slides it in from the right.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  side = false,
  wide = false,
  flush = false,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  side?: boolean;
  wide?: boolean;
  /** The content lays out its own scrolling area and footer (a form whose buttons sit at the bottom). */
  flush?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const frame = side
    ? "ml-auto mr-0 my-0 h-dvh max-h-dvh w-full max-w-xl rounded-none"
    : `m-auto max-h-[90dvh] w-full ${wide ? "max-w-3xl" : "max-w-lg"} rounded-xl`;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`${frame} bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40 open:flex open:flex-col`}
    >
      {open ? (
        <>
          <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-0.5 text-sm text-slate-500">
                  {description}
                </p>
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
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
          )}
          {footer ? <footer className="border-t border-slate-200 bg-slate-50 px-6 py-3">{footer}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}
