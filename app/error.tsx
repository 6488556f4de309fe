"use client";

import { ErrorView } from "@/components/error-view";

// A page or layout below the root layout failed: the app's own page, inside the root layout.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
