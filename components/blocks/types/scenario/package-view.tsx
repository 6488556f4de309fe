import { BlockNote } from "@/components/blocks/block-note";
import { Markdown } from "@/components/blocks/markdown";
import { parseScenario } from "@/lib/authoring/blocks/types/scenario";

/** The learner reader's scenario, with its answer behind <details>: a static page has no Reveal state. */
export function PackageScenario({ content }: { content: unknown }) {
  const c = parseScenario(content);
  if (!c) return <BlockNote />;
  return (
    <section aria-label="Scenario" className="rounded-md border border-indigo-200 bg-indigo-50/60 px-4 py-3">
      <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-indigo-800">Scenario</p>
      {c.body.trim() ? Markdown({ children: c.body }) : <p className="text-xs text-indigo-800">Empty scenario.</p>}
      {c.reveal.trim() ? (
        <details className="mt-3 rounded-md border border-indigo-100 bg-white px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-indigo-900">Reveal</summary>
          <div className="mt-2">{Markdown({ children: c.reveal })}</div>
        </details>
      ) : null}
    </section>
  );
}
