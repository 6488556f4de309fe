// No "use client": renders on the server for the learner's lesson and in the browser for previews.
// Only the frame, which talks to its document, is a client island.
import { BlockNote, Caption } from "@/components/blocks/block-note";
import { parseInteractive } from "@/lib/authoring/blocks/types/interactive";
import { InteractiveFrame } from "./frame";

/**
 * Author HTML runs in a frame of its own (app/sandbox/interactive): the frame asks for the HTML
 * once it has loaded, and writes it in. Its sandbox has no allow-same-origin: it gets an opaque
 * origin, so it cannot read the app's cookies, storage or DOM, nor call the API as the user. A
 * `srcdoc` frame would inherit the page's policy, which runs no script without the page's nonce.
 */
export function InteractiveBlock({ content }: { content: unknown }) {
  const c = parseInteractive(content);
  if (!c) return <BlockNote />;
  if (!c.source.code.trim()) return <BlockNote>No HTML yet.</BlockNote>;
  return (
    <figure>
      <InteractiveFrame
        // A new document for new code: the one running keeps whatever state its scripts built.
        key={c.source.code}
        html={c.source.code}
        title={c.title.trim() || "Interactive content"}
        height={c.height}
      />
      <Caption>{c.caption}</Caption>
    </figure>
  );
}
