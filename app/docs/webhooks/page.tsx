import Link from "next/link";
import { DocsNav } from "@/components/docs/docs-nav";
import { Guide } from "@/components/docs/guide";
import { readGuide } from "@/lib/docs/guides";

export const metadata = { title: "Webhooks" };

/** How webhooks are delivered and how a receiver verifies them: docs/webhooks.md, with its snippets to copy. */
export default function WebhooksGuidePage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <DocsNav current="/docs/webhooks">
        <Link href="/proposals/webhooks" className="font-medium text-brand-700 underline underline-offset-2">
          Your company&apos;s webhooks
        </Link>
      </DocsNav>
      <Guide markdown={readGuide("webhooks")} />
    </main>
  );
}
