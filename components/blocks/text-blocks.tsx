// No "use client": these render on the server for the learner's lesson (markdown included, so the
// markdown renderer never reaches the learner's browser) and in the browser for the editor's
// previews. Only the scenario's Reveal button is a client island.
import { ImageIcon } from "@/components/ui/icons";
import { parseGlossary, parseMarkdown, parseScenario, parseVisual } from "@/lib/authoring/blocks/block-content";
import { BlockNote } from "./block-note";
import { Markdown } from "./markdown";
import { ScenarioReveal } from "./scenario-reveal";

export function TextBlock({ content }: { content: unknown }) {
  const c = parseMarkdown(content);
  if (!c) return <BlockNote />;
  if (!c.body.trim()) return <BlockNote>Empty text block.</BlockNote>;
  return Markdown({ children: c.body });
}

export function ExampleBlock({ content }: { content: unknown }) {
  const c = parseMarkdown(content);
  if (!c) return <BlockNote />;
  return (
    <aside aria-label="Example" className="rounded-r-md border-l-4 border-amber-400 bg-amber-50 px-4 py-3">
      <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-amber-800">Example</p>
      {c.body.trim() ? Markdown({ children: c.body }) : <p className="text-xs text-amber-800/70">Empty example.</p>}
    </aside>
  );
}

export function ScenarioBlock({ content }: { content: unknown }) {
  const c = parseScenario(content);
  if (!c) return <BlockNote />;
  return (
    <section aria-label="Scenario" className="rounded-md border border-indigo-200 bg-indigo-50/60 px-4 py-3">
      <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-indigo-800">Scenario</p>
      {c.body.trim() ? Markdown({ children: c.body }) : <p className="text-xs text-indigo-800/70">Empty scenario.</p>}
      {c.reveal.trim() ? <ScenarioReveal>{Markdown({ children: c.reveal })}</ScenarioReveal> : null}
    </section>
  );
}

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

export const VISUAL_STATUSES: Record<string, string> = {
  pending: "Pending",
  in_progress: "In progress",
  ready: "Ready",
};

export function visualStatusLabel(status: string) {
  if (!status.trim()) return "Pending";
  return VISUAL_STATUSES[status] ?? status.replace(/[_-]+/g, " ").replace(/^./, (s) => s.toUpperCase());
}

export function VisualBlock({ content }: { content: unknown }) {
  const c = parseVisual(content);
  if (!c) return <BlockNote />;
  return (
    <section aria-label="Visual placeholder" className="rounded-md border-2 border-dashed border-slate-300 bg-slate-50 px-4 py-4">
      <div className="mb-2 flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <ImageIcon className="h-4 w-4" />
          Visual to be made
        </p>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
          Status: {visualStatusLabel(c.status)}
        </span>
      </div>
      <p className="whitespace-pre-wrap text-sm text-slate-700">{c.prompt.trim() || "No prompt yet."}</p>
    </section>
  );
}
