"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadingPlaceholder } from "@/components/ui/loading-placeholder";
import { Modal } from "@/components/ui/modal";
import { SearchInput } from "@/components/ui/search-input";
import type { CompanyDto, ProposalDto, ProposalStatus } from "@/lib/client/types";
import { statusDescription, statusLabel } from "@/lib/proposals/proposals/status-labels";
import { formatMoney, proposalValue, STATUS_STYLES, timeAgo } from "../format";
import { useContentList, useCreateProposal, useProposals } from "../queries";

type Tab = "all" | ProposalStatus;
const TABS: Tab[] = ["all", "draft", "active", "accepted", "rejected", "expired", "replaced", "withdrawn", "template"];
const tabLabel = (tab: Tab) => (tab === "all" ? "All" : tab === "template" ? "Templates" : statusLabel(tab));

type Series = { seriesUuid: string; versions: ProposalDto[]; updatedAt: number; rank: number };

/**
 * Proposals of one series together, newest version first; series ordered by their last change
 * (UNIX seconds, so ties are common: the service's newest-first order breaks them).
 */
function groupBySeries(proposals: ProposalDto[], order: "newest" | "oldest"): Series[] {
  const bySeries = new Map<string, ProposalDto[]>();
  for (const p of proposals) bySeries.set(p.series_uuid, [...(bySeries.get(p.series_uuid) ?? []), p]);
  const series = [...bySeries].map(([seriesUuid, versions], rank) => ({
    seriesUuid,
    versions: versions.sort((a, b) => b.version - a.version),
    updatedAt: Math.max(...versions.map((v) => v.updated_at)),
    rank,
  }));
  const newestFirst = (a: Series, b: Series) => b.updatedAt - a.updatedAt || a.rank - b.rank;
  return series.sort((a, b) => (order === "newest" ? newestFirst(a, b) : newestFirst(b, a)));
}

export function ProposalList({ company }: { company: CompanyDto }) {
  const [tab, setTab] = useState<Tab>("all");
  const [q, setQ] = useState("");
  const [includeArchived, setIncludeArchived] = useState(false);
  const [order, setOrder] = useState<"newest" | "oldest">("newest");
  const search = useDeferredValue(q.trim());
  const sortId = useId();
  // One list for the counts of every tab; the tab filters it here.
  const proposals = useProposals(company.id, { q: search || undefined, include_archived: includeArchived });
  const all = useMemo(() => proposals.data ?? [], [proposals.data]);
  const counts = useMemo(() => {
    const c = Object.fromEntries(TABS.map((t) => [t, 0])) as Record<Tab, number>;
    for (const p of all) {
      c[p.status] += 1;
      if (p.status !== "template") c.all += 1;
    }
    return c;
  }, [all]);
  const shown = all.filter((p) => (tab === "all" ? p.status !== "template" : p.status === tab));
  const series = groupBySeries(shown, order);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Proposals</h1>
        <NewProposal company={company} />
      </div>

      <div role="tablist" aria-label="Status" className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            title={t === "all" ? undefined : statusDescription(t)}
            onClick={() => setTab(t)}
            className={`shrink-0 rounded-full px-3 py-1.5 text-sm ${tab === t ? "bg-brand-600 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"}`}
          >
            {tabLabel(t)} <span className={tab === t ? "text-white/80" : "text-slate-500"}>{counts[t]}</span>
          </button>
        ))}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput label="Search proposals" value={q} onChange={setQ} placeholder="Search by title or recipient" />
        <div className="flex items-center gap-4">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={includeArchived} onChange={(e) => setIncludeArchived(e.target.checked)} />
            Show archived
          </label>
          <label htmlFor={sortId} className="sr-only">
            Sort by last change
          </label>
          <select
            id={sortId}
            value={order}
            onChange={(e) => setOrder(e.target.value as "newest" | "oldest")}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="newest">Last changed: newest first</option>
            <option value="oldest">Last changed: oldest first</option>
          </select>
        </div>
      </div>

      <div role="tabpanel" aria-label={tabLabel(tab)}>
        {proposals.isPending ? (
          <LoadingPlaceholder label="Loading proposals" />
        ) : proposals.isError ? (
          <Alert>{proposals.error.message}</Alert>
        ) : series.length === 0 ? (
          <EmptyState company={company} hasAny={all.length > 0 || includeArchived} searching={Boolean(search)} tab={tab} />
        ) : (
          <ul className="space-y-3" aria-label="Proposals">
            {series.map((s) => (
              <SeriesCard key={s.seriesUuid} series={s} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const emptyBox = "rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600";

function EmptyState({ company, hasAny, searching, tab }: { company: CompanyDto; hasAny: boolean; searching: boolean; tab: Tab }) {
  if (!searching && !hasAny && tab === "all") return <FirstProposal company={company} />;
  const text = searching
    ? "No proposal matches your search. Search finds words of the title or of the recipient's name, email or company."
    : `No ${tabLabel(tab).toLowerCase()} proposals here. Pick another status above, or show archived ones.`;
  return <p className={emptyBox}>{text}</p>;
}

/**
 * A company without proposals: a proposal is built from the content library's products, so the
 * way there comes first, straight to the product form while the library is empty too.
 */
function FirstProposal({ company }: { company: CompanyDto }) {
  const library = useContentList(company.id);
  const isLibraryEmpty = library.data?.length === 0;
  const href = `/proposals/library?company=${company.id}${isLibraryEmpty ? "&new=product" : ""}`;
  return (
    <div className={`${emptyBox} space-y-4`}>
      <p>
        No proposals yet. Press “New proposal” to start a draft: add products from your content library, choose a recipient, then send it.
        {isLibraryEmpty ? " Your library is empty: create a product first." : ""}
      </p>
      {library.isPending ? null : (
        <Link
          href={href}
          className="inline-flex items-center justify-center rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {isLibraryEmpty ? "Create your first product" : "Open the content library"}
        </Link>
      )}
    </div>
  );
}

function SeriesCard({ series }: { series: Series }) {
  const [latest, ...earlier] = series.versions;
  const name = latest.title || "Untitled proposal";
  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {earlier.length ? (
        <section aria-label={`${name}: ${series.versions.length} versions`}>
          <p className="border-b border-slate-100 bg-slate-50 px-4 py-1.5 text-xs font-medium text-slate-500">
            Series of {series.versions.length} versions
          </p>
          <ul>
            {series.versions.map((p) => (
              <ProposalRow key={p.uuid} proposal={p} />
            ))}
          </ul>
        </section>
      ) : (
        <ul>
          <ProposalRow proposal={latest} />
        </ul>
      )}
    </li>
  );
}

function ProposalRow({ proposal: p }: { proposal: ProposalDto }) {
  const value = proposalValue(p);
  const recipient = p.recipient_name || p.recipient_company_name || p.recipient_email;
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <Link
        href={`/proposals/${p.uuid}/edit`}
        className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
      >
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2">
            <span className="truncate font-medium text-slate-900">{p.title || "Untitled proposal"}</span>
            <span className="shrink-0 text-xs text-slate-500">v{p.version}</span>
            {p.archived_at ? <span className="shrink-0 rounded bg-slate-100 px-1.5 text-xs text-slate-600">Archived</span> : null}
          </p>
          <p className="truncate text-sm text-slate-600">{recipient ? `To ${recipient}` : "No recipient yet"}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:justify-end">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[p.status]}`} title={statusDescription(p.status)}>
            {statusLabel(p.status)}
          </span>
          <span className="font-medium tabular-nums text-slate-900">
            {formatMoney(value.amount, p.currency)}
            {value.note ? <span className="ml-1 text-xs font-normal text-slate-500">{value.note}</span> : null}
          </span>
          <span className="text-slate-500">{p.recipient_viewed_at ? `Viewed ${timeAgo(p.recipient_viewed_at)}` : "Not opened yet"}</span>
          <span className="text-xs text-slate-500">Changed {timeAgo(p.updated_at)}</span>
        </div>
      </Link>
    </li>
  );
}

function NewProposal({ company }: { company: CompanyDto }) {
  const router = useRouter();
  const create = useCreateProposal();
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string>();
  const templates = useProposals(company.id, { status: "template" });
  async function start(template?: string) {
    setError(undefined);
    try {
      const created = await create.mutateAsync({
        company_id: company.id,
        language: "en",
        ...(template ? { tracking: { created_from_template: template } } : {}),
      });
      router.push(`/proposals/${created.proposal.uuid}/edit`);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  const hasTemplates = (templates.data?.length ?? 0) > 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {hasTemplates ? (
        <Button variant="secondary" onClick={() => setChoosing(true)} disabled={create.isPending}>
          From template
        </Button>
      ) : null}
      <Button onClick={() => start()} disabled={create.isPending}>
        {create.isPending ? "Creating…" : "New proposal"}
      </Button>
      {error && !choosing ? <Alert>{error}</Alert> : null}
      <Modal
        open={choosing}
        onClose={() => setChoosing(false)}
        title="New proposal from a template"
        description="The draft starts as a copy of the template."
      >
        <ul className="space-y-2">
          {templates.data?.map((t) => (
            <li key={t.uuid}>
              <button
                type="button"
                disabled={create.isPending}
                onClick={() => start(t.uuid)}
                className="w-full rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50"
              >
                {t.title || "Untitled template"}
              </button>
            </li>
          ))}
        </ul>
        {error ? <Alert>{error}</Alert> : null}
      </Modal>
    </div>
  );
}
