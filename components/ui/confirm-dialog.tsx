"use client";

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

type ConfirmProps = {
  title: string;
  /** The consequence, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A question with a clear consequence, in the app's modal; Escape, Close or Cancel say no. */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  tone = "primary",
  busy,
  onConfirm,
  onCancel,
}: ConfirmProps & { open?: boolean }) {
  return (
    <Modal open={open} onClose={onCancel} title={title} description={children} size="narrow">
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" variant={tone === "danger" ? "danger" : "primary"} onClick={onConfirm} disabled={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

export type ConfirmRequest = { title: string; body: ReactNode; confirmLabel: string; tone?: "primary" | "danger" };
type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Asks before a destructive step, in place of the browser's confirm: `if (!(await confirm({...}))) return;`.
 * One dialog for the whole app, rendered by ConfirmProvider.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmProvider above it");
  return confirm;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const settle = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        // A new question answers an unanswered one with no.
        settle.current?.(false);
        settle.current = resolve;
        setRequest(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    settle.current?.(value);
    settle.current = null;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={request !== null}
        title={request?.title ?? ""}
        confirmLabel={request?.confirmLabel ?? ""}
        tone={request?.tone}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      >
        {request?.body}
      </ConfirmDialog>
    </ConfirmContext.Provider>
  );
}
