import { BlockNote, Caption } from "@/components/blocks/block-note";
import { parseDiagram } from "@/lib/authoring/blocks/types/diagram";

/** Drawn in the browser by the bundled Mermaid (assets/mermaid.min.js), with the app's settings. */
export function PackageDiagram({ content }: { content: unknown }) {
  const c = parseDiagram(content);
  if (!c) return <BlockNote />;
  if (!c.source.code.trim()) return <BlockNote>No diagram code yet.</BlockNote>;
  return (
    <figure>
      <div
        data-mermaid-code={c.source.code}
        data-label={c.caption.trim() || "Diagram"}
        className="flex min-h-20 justify-center overflow-x-auto text-sm text-slate-600 [&_svg]:h-auto [&_svg]:max-w-full"
      >
        Drawing the diagram…
      </div>
      <Caption>{c.caption}</Caption>
    </figure>
  );
}
