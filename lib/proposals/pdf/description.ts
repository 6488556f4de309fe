/**
 * description_html back into structure for the PDF. The HTML is render-markdown.ts's output, a
 * closed subset (h1-h3, p with an optional "text-left" class, br, strong, ul, ol with an optional
 * start, li, and text with & < > " ' escaped), so reading it back needs no HTML parser: anything
 * else cannot occur, and would be text. An acceptance record keeps the HTML of its day: what older
 * renderers wrote is a part of this subset.
 */

export type Run = { text: string; isBold: boolean };
/** A line of a paragraph (split at <br>), a heading's one line, or a list's items (one line each). */
export type DescriptionBlock =
  | { kind: "heading"; level: 1 | 2 | 3; runs: Run[] }
  | { kind: "paragraph"; isLeftAligned: boolean; lines: Run[][] }
  | { kind: "list"; isOrdered: boolean; start: number; items: Run[][] };

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

const TAG = /<(\/?)(h[1-3]|p|strong|br|ul|ol|li)(?: class="(text-left)"| start="(\d+)")?>/g;

export function parseDescription(html: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  let list: Extract<DescriptionBlock, { kind: "list" }> | null = null;
  // Where the text read next goes: a heading's runs, a paragraph's current line or a list item.
  let runs: Run[] | null = null;
  let isBold = false;
  let last = 0;
  const addText = (raw: string) => {
    // Between blocks and between items render-markdown writes "\n", which is no text of the description.
    if (runs && raw) runs.push({ text: unescape(raw), isBold });
  };
  for (const match of html.matchAll(TAG)) {
    addText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, tag, leftClass, start] = match;
    const block = blocks.at(-1);
    if (tag === "strong") isBold = !closing;
    else if (tag === "br") {
      if (runs && block?.kind === "paragraph") block.lines.push((runs = []));
    } else if (closing) {
      runs = null;
      isBold = false;
      if (tag !== "li") list = null;
    } else if (tag === "li") {
      if (list) list.items.push((runs = []));
    } else if (tag === "ul" || tag === "ol") {
      list = { kind: "list", isOrdered: tag === "ol", start: start === undefined ? 1 : Number(start), items: [] };
      blocks.push(list);
    } else if (tag === "p") {
      runs = [];
      blocks.push({ kind: "paragraph", isLeftAligned: Boolean(leftClass), lines: [runs] });
    } else {
      runs = [];
      blocks.push({ kind: "heading", level: Number(tag[1]) as 1 | 2 | 3, runs });
    }
  }
  addText(html.slice(last));
  return blocks;
}

/** What an item's marker says: "•", or its number in an ordered list ("3."). */
export const itemMarker = (list: Extract<DescriptionBlock, { kind: "list" }>, index: number) =>
  list.isOrdered ? `${list.start + index}.` : "•";
