import { BlockNote, Caption } from "@/components/blocks/block-note";
import { parseInteractive } from "@/lib/authoring/blocks/types/interactive";

/**
 * Author HTML in a sandboxed frame: scripts run, but with an opaque origin (no allow-same-origin),
 * so they cannot reach the package's pages or the LMS's runtime.
 */
export function PackageInteractive({ content }: { content: unknown }) {
  const c = parseInteractive(content);
  if (!c) return <BlockNote />;
  if (!c.source.code.trim()) return <BlockNote>No HTML yet.</BlockNote>;
  return (
    <figure>
      <iframe
        sandbox="allow-scripts"
        srcDoc={c.source.code}
        title={c.title.trim() || "Interactive content"}
        height={c.height}
        referrerPolicy="no-referrer"
        className="w-full rounded-md border border-slate-200 bg-white"
        style={{ height: c.height }}
      />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}
