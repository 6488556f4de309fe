"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ConfirmProvider } from "./ui/confirm-dialog";
import { ToastProvider } from "./ui/toast";

/**
 * The query cache, toasts and confirm dialogs of the pages that read and write in the browser. Each
 * section that needs them renders them (not the root layout), so a page rendered on the server
 * without them (the learner's lesson) does not download them.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
