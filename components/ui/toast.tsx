"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

type Toast = { id: number; message: string; tone: "info" | "error" | "success"; action?: { label: string; run: () => void } };
type ToastApi = { show: (message: string, options?: { tone?: Toast["tone"]; action?: Toast["action"] }) => void };

const ToastContext = createContext<ToastApi>({ show: () => {} });

export const useToast = () => useContext(ToastContext);

let nextId = 1;

/** Messages that come and go in a live region, so screen readers hear them too. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = (id: number) => setToasts((all) => all.filter((t) => t.id !== id));
  const show = useCallback<ToastApi["show"]>((message, options = {}) => {
    const id = nextId++;
    setToasts((all) => [...all.slice(-3), { id, message, tone: options.tone ?? "info", action: options.action }]);
    setTimeout(() => dismiss(id), options.action ? 8000 : 5000);
  }, []);
  return (
    <ToastContext.Provider value={{ show }}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-80 flex-col gap-2">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.tone === "error" ? "alert" : "status"}
            className={`pointer-events-auto flex items-start justify-between gap-3 rounded-lg border px-3 py-2 text-sm shadow-lg ${
              t.tone === "error"
                ? "border-red-200 bg-red-50 text-red-800"
                : t.tone === "success"
                  ? "border-emerald-200 bg-emerald-50 text-emerald-900"
                  : "border-slate-200 bg-white text-slate-800"
            }`}
          >
            <span>{t.message}</span>
            <span className="flex shrink-0 gap-2">
              {t.action ? (
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => {
                    t.action!.run();
                    dismiss(t.id);
                  }}
                >
                  {t.action.label}
                </button>
              ) : null}
              <button type="button" aria-label="Dismiss" className="text-slate-400 hover:text-slate-700" onClick={() => dismiss(t.id)}>
                ×
              </button>
            </span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
