import Link from "next/link";
import { Guide } from "@/components/docs/guide";
import { readGuide } from "@/lib/docs/guides";

export const metadata = { title: "Webhooks" };

/** How webhooks are delivered and how a receiver verifies them: docs/webhooks.md, with its snippets to copy. */
export default function WebhooksGuidePage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <nav aria-label="Documentation" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/docs/api" className="font-medium text-brand-700 underline underline-offset-2">
          API reference
        </Link>
        <Link href="/proposals/webhooks" className="font-medium text-brand-700 underline underline-offset-2">
          Your company&apos;s webhooks
        </Link>
      </nav>
      <Guide markdown={readGuide("webhooks")} />
    </main>
  );
}
