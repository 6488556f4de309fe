// No "use client": renders on the server for the learner's lesson (markdown included, so the
// markdown renderer never reaches the learner's browser) and in the browser for the editor's previews.
import { BlockNote } from "@/components/blocks/block-note";
import { Markdown } from "@/components/blocks/markdown";
import { parseMarkdown } from "@/lib/authoring/blocks/types/text";

export function TextBlock({ content }: { content: unknown }) {
  const c = parseMarkdown(content);
  if (!c) return <BlockNote />;
  if (!c.body.trim()) return <BlockNote>Empty text block.</BlockNote>;
  return Markdown({ children: c.body });
}
