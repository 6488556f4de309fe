// No "use client": renders on the server for the learner's lesson and in the browser for previews.
import { BlockNote } from "@/components/blocks/block-note";
import { ImageIcon } from "@/components/ui/icons";
import { parseVisual, visualStatusLabel } from "@/lib/authoring/blocks/types/visual";

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
