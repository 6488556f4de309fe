import type { Metadata } from "next";
import Link from "next/link";
import { UnsubscribeForm } from "@/components/account/unsubscribe-form";
import { NOTIFICATION_LABELS } from "@/lib/notifications/kinds";
import { readUnsubscribeToken } from "@/lib/notifications/unsubscribe-token";

// The token is the link's secret: never in a search engine, never in a referrer.
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false }, referrer: "no-referrer" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * A notification mail's unsubscribe link opened in a browser (docs/decisions/033): one button, no
 * sign-in. A mail client's one-click POST to this same URL never reaches this page: proxy.ts
 * sends it to POST /api/account/notifications/unsubscribe, which the button calls too.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const named = readUnsubscribeToken(token);
  if (!named) {
    return (
      <div className="space-y-3">
        <h1 className="text-xl font-semibold text-slate-900">This unsubscribe link is not valid</h1>
        <p className="text-sm text-slate-700">
          It was cut short or changed on the way. Open the link from the mail again, or sign in and turn the mails off under Notifications
          on your account page.
        </p>
        <Link href="/account/notifications" className="inline-block text-sm text-brand-700 underline">
          Notifications
        </Link>
      </div>
    );
  }
  const label = NOTIFICATION_LABELS[named.kind];
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Unsubscribe</h1>
      <p className="text-sm text-slate-700">
        Stop the “{label.title}” mails? We will no longer mail you {label.when}. Other mails stay as they are.
      </p>
      <UnsubscribeForm token={token} what={label.when} />
    </div>
  );
}
