"use client";

import Link from "next/link";
import { formatTime, STATUS_LABELS, STATUS_STYLES } from "./format";
import type { ProposalDto } from "./queries";

/** What happened to a version, in a few words: "sent", "replaced it", "accepted". */
function story(p: ProposalDto, byUuid: Map<string, ProposalDto>): string {
  const source = p.source_uuid ? byUuid.get(p.source_uuid) : undefined;
  const from = source ? ` from v${source.version}` : "";
  switch (p.status) {
    case "draft":
      return `draft${from}`;
    case "active":
      return source ? `sent, replaced v${source.version}` : "sent";
    case "replaced":
      return "sent, then replaced";
    default:
      return `${STATUS_LABELS[p.status].toLowerCase()}${from}`;
  }
}

/** The versions of the series, oldest first; each opens its own editor. */
export function VersionTimeline({ versions, currentUuid }: { versions: ProposalDto[]; currentUuid: string }) {
  const byUuid = new Map(versions.map((v) => [v.uuid, v]));
  return (
    <nav aria-label="Versions of this proposal" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Versions</h2>
      <ol className="space-y-1 border-l-2 border-slate-200 pl-3">
        {versions.map((v) => (
          <li key={v.uuid}>
            <Link
              href={`/proposals/${v.uuid}/edit`}
              aria-current={v.uuid === currentUuid ? "page" : undefined}
              className={`flex flex-wrap items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50 ${v.uuid === currentUuid ? "bg-brand-50 font-medium" : ""}`}
            >
              <span className="font-semibold">v{v.version}</span>{" "}
              <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLES[v.status]}`}>{story(v, byUuid)}</span>{" "}
              {v.archived_at ? <span className="text-xs text-slate-500">archived </span> : null}
              <span className="text-xs text-slate-500">{formatTime(v.status_changed_at)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
