// No "use client": renders on the server for the learner's lesson and in the browser for previews.
import { BlockNote } from "@/components/blocks/block-note";
import { parseGlossary } from "@/lib/authoring/blocks/types/glossary";

export function GlossaryBlock({ content }: { content: unknown }) {
  const c = parseGlossary(content);
  if (!c) return <BlockNote />;
  const terms = c.terms.filter((t) => t.term.trim() || t.definition.trim());
  return (
    <section aria-label={c.title.trim() || "Glossary"} className="rounded-md border border-slate-200 bg-white px-4 py-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{c.title.trim() || "Glossary"}</h3>
      {terms.length === 0 ? (
        <p className="text-xs text-slate-500">No terms yet.</p>
      ) : (
        <dl className="divide-y divide-slate-100 text-sm">
          {terms.map((t, i) => (
            <div key={i} className="grid gap-1 py-2 sm:grid-cols-[minmax(8rem,1fr)_3fr] sm:gap-4">
              <dt className="font-medium text-slate-900">{t.term}</dt>
              <dd className="text-slate-700">{t.definition}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
