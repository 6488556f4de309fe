"use client";

import Link from "next/link";
import { statusDescription, statusLabel } from "@/lib/proposals/proposals/status-labels";
import { formatTime, STATUS_STYLES } from "./format";
import type { ProposalDto } from "./queries";

/** The version a new version was made from, beside its status: "from v1". */
function origin(p: ProposalDto, byUuid: Map<string, ProposalDto>): string | null {
  const source = p.source_uuid ? byUuid.get(p.source_uuid) : undefined;
  return source ? `from v${source.version}` : null;
}

/**
 * The versions of the series, oldest first; each opens its own editor. Each status reads as the
 * list's and the editor's badges say it (docs/decisions/042), never in the API's words.
 */
export function VersionTimeline({ versions, currentUuid }: { versions: ProposalDto[]; currentUuid: string }) {
  const byUuid = new Map(versions.map((v) => [v.uuid, v]));
  return (
    <nav aria-label="Versions of this proposal" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Versions</h2>
      <ol className="space-y-1 border-l-2 border-slate-200 pl-3">
        {versions.map((v) => {
          const from = origin(v, byUuid);
          return (
            <li key={v.uuid}>
              <Link
                href={`/proposals/${v.uuid}/edit`}
                aria-current={v.uuid === currentUuid ? "page" : undefined}
                className={`flex flex-wrap items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50 ${v.uuid === currentUuid ? "bg-brand-50 font-medium" : ""}`}
              >
                <span className="font-semibold">v{v.version}</span>{" "}
                <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLES[v.status]}`} title={statusDescription(v.status)}>
                  {statusLabel(v.status)}
                </span>{" "}
                {from ? <span className="text-xs text-slate-700">{from} </span> : null}
                {v.archived_at ? <span className="text-xs text-slate-600">archived </span> : null}
                <span className="text-xs text-slate-600">{formatTime(v.status_changed_at)}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
