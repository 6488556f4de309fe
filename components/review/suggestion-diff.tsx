import { diffWords } from "diff";
import { changedFields } from "@/lib/authoring/review/content-fields";

/**
 * What a suggestion changes, field by field: each changed text field with its words taken out
 * (struck, red) and put in (underlined, green), a new field as added, a dropped one as removed.
 * Text diffs for text, field by field for everything else (issue 41), for any block type.
 */
export function SuggestionDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = changedFields(before, after);
  if (!changes.length) return <p className="text-sm text-slate-500">The suggested content is the same as the block&apos;s.</p>;
  return (
    <dl className="space-y-2">
      {changes.map((change) => (
        <div key={change.path} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{change.path}</dt>
          <dd className="mt-0.5 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-sm whitespace-pre-wrap break-words text-slate-800">
            {change.before === null ? (
              <ins className="bg-emerald-50 text-emerald-900 no-underline" aria-label="added">
                {change.after}
              </ins>
            ) : change.after === null ? (
              <del className="bg-red-50 text-red-800" aria-label="removed">
                {change.before}
              </del>
            ) : (
              diffWords(change.before, change.after).map((part, i) =>
                part.added ? (
                  <ins key={i} className="bg-emerald-100 text-emerald-900 underline decoration-emerald-500">
                    {part.value}
                  </ins>
                ) : part.removed ? (
                  <del key={i} className="bg-red-50 text-red-800">
                    {part.value}
                  </del>
                ) : (
                  <span key={i}>{part.value}</span>
                ),
              )
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
