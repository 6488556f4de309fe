"use client";

export type ThreadFilter = "open" | "resolved" | "all";

/**
 * The lesson's review at a glance, above its blocks: open threads and suggestions waiting, and
 * which threads show under the blocks (open by default).
 */
export function ReviewBar({
  counts,
  filter,
  onFilter,
}: {
  counts: { open: number; resolved: number; suggestions: number };
  filter: ThreadFilter;
  onFilter: (filter: ThreadFilter) => void;
}) {
  const options: { value: ThreadFilter; label: string }[] = [
    { value: "open", label: `Open (${counts.open})` },
    { value: "resolved", label: `Resolved (${counts.resolved})` },
    { value: "all", label: "All" },
  ];
  return (
    <section
      aria-label="Review"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      <span className="font-medium text-slate-800">Review</span>
      <span className="text-slate-600">
        {counts.open} open {counts.open === 1 ? "comment" : "comments"} · {counts.suggestions} suggested{" "}
        {counts.suggestions === 1 ? "edit" : "edits"}
      </span>
      <div role="group" aria-label="Show comments" className="ml-auto flex overflow-hidden rounded-md ring-1 ring-slate-300">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={filter === o.value}
            onClick={() => onFilter(o.value)}
            className={`px-2.5 py-1 text-xs font-medium ${filter === o.value ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </section>
  );
}
