// No "use client": renders on the server for the learner's lesson and in the browser for previews.
import { BlockNote } from "@/components/blocks/block-note";
import { Markdown } from "@/components/blocks/markdown";
import { parseMarkdown } from "@/lib/authoring/blocks/types/text";

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
