"use client";

import Link from "next/link";
import { statusDescription, statusWord } from "@/lib/proposals/proposals/status-labels";
import { formatTime, STATUS_STYLES } from "./format";
import type { ProposalDto } from "./queries";

/** What happened to a version, in a few words: "sent", "replaced it", "accepted". */
function story(p: ProposalDto, byUuid: Map<string, ProposalDto>): string {
  const source = p.source_uuid ? byUuid.get(p.source_uuid) : undefined;
  const from = source ? ` from v${source.version}` : "";
  switch (p.status) {
    case "active":
      return source ? `${statusWord("active")}, replaced v${source.version}` : statusWord("active");
    case "replaced":
      return `${statusWord("active")}, then ${statusWord("replaced")}`;
    default:
      return `${statusWord(p.status)}${from}`;
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
              <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLES[v.status]}`} title={statusDescription(v.status)}>
                {story(v, byUuid)}
              </span>{" "}
              {v.archived_at ? <span className="text-xs text-slate-600">archived </span> : null}
              <span className="text-xs text-slate-600">{formatTime(v.status_changed_at)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
