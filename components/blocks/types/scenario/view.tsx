// No "use client": renders on the server for the learner's lesson and in the browser for previews.
// Only the Reveal button is a client island.
import { BlockNote } from "@/components/blocks/block-note";
import { Markdown } from "@/components/blocks/markdown";
import { parseScenario } from "@/lib/authoring/blocks/types/scenario";
import { ScenarioReveal } from "./reveal";

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
