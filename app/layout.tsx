import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Coursewright", template: "%s · Coursewright" },
  description: "Build courses, teach learners, and send proposals.",
  // Static files in public/, linked from every page's head.
  icons: {
    icon: [
      { url: "/icon.svg", type: "image/svg+xml" },
      { url: "/favicon.ico", sizes: "32x32" },
    ],
  },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        {/* Client providers live in the sections that use them (components/providers.tsx). */}
        {children}
      </body>
    </html>
  );
}
