"use client";

import { ErrorView } from "@/components/error-view";
import "./globals.css";

// The root layout itself failed: this replaces it, so it brings its own document and styles.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <title>Something went wrong · Coursewright</title>
        <ErrorView error={error} retry={retry} />
      </body>
    </html>
  );
}
