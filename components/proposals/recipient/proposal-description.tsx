import { DESCRIPTION_LIST_CLASSES } from "../description-lists";

/** The description's look wherever a proposal is shown: the customer's page, the editor, the customer's view in the editor. */
export const DESCRIPTION_CLASSES = `recipient-description text-center break-words text-slate-800 [&_.text-left]:text-left [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:text-lg [&_h4]:font-semibold ${DESCRIPTION_LIST_CLASSES}`;

/**
 * The description as rendered HTML. Safe to inject: `html` is render-markdown.ts's output, which
 * escapes every character of the text and can only ever contain the tags of the markdown subset
 * (h1-h3, p, br, strong, ul, ol, li, and in the editor its variable chips); it is not the sender's HTML.
 */
export function DescriptionHtml({ html }: { html: string }) {
  return <div className="space-y-3" dangerouslySetInnerHTML={{ __html: demoteHeadings(html) }} />;
}

/** The description's section, as the customer reads it (the editor puts its in-place field in DESCRIPTION_CLASSES instead). */
export function ProposalDescription({ html }: { html: string }) {
  if (!html) return null;
  return (
    <section aria-label="Description" className={DESCRIPTION_CLASSES}>
      <DescriptionHtml html={html} />
    </section>
  );
}

/**
 * The page's one h1 is the proposal's title, so the description's headings move one level down
 * (h1 -> h2, h2 -> h3, h3 -> h4). A plain replacement is exact here: render-markdown.ts escapes
 * every "<" of the text, so "<h1>" and "</h1>" in its output can only be its own tags.
 */
function demoteHeadings(html: string) {
  return html.replace(/<(\/?)h([1-3])>/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}>`);
}
