import { describeEvent } from "@/lib/proposals/events/describe-event";
import type { ProposalEventDto } from "@/lib/proposals/events/schemas";

/**
 * A proposal's audit trail as a list, newest first: what happened, who did it, when. The editor
 * shows staff's names (GET /v3/proposals/{uuid}/events); the customer's page shows members as the
 * company (the public read's `events`). The wording is the PDF certificate's (describe-event.ts).
 */
export function ProposalHistory({
  events,
  companyName,
  formatTime,
  headingId,
  heading = "History",
}: {
  events: ProposalEventDto[];
  companyName: string;
  formatTime: (unixSeconds: number) => string;
  headingId: string;
  heading?: string;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {heading}
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing has happened yet.</p>
      ) : (
        <ol aria-label="Events, newest first" className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white text-sm">
          {[...events].reverse().map((event, i) => {
            const { what, who } = describeEvent(event, companyName);
            return (
              <li key={`${event.created_at}-${i}`} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <span className="font-medium text-slate-900">{what}</span>
                <span className="min-w-0 break-words text-slate-600">{who}</span>
                <time className="text-xs text-slate-500 sm:ml-auto sm:shrink-0" dateTime={new Date(event.created_at * 1000).toISOString()}>
                  {formatTime(event.created_at)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
