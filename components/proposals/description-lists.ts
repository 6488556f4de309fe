/**
 * How the description's lists look (render-markdown.ts writes <ul>, <ol start> and <li>), on the
 * customer's page and in the editor's preview alike. Tailwind's reset takes markers and indent
 * away, and the text around is centred: a list sits in the middle as a block as wide as its
 * longest item (never wider than the page), its items left-aligned behind their markers.
 */
export const DESCRIPTION_LIST_CLASSES = [
  "[&_ul]:list-disc [&_ol]:list-decimal",
  "[&_ul]:mx-auto [&_ol]:mx-auto [&_ul]:w-fit [&_ol]:w-fit [&_ul]:max-w-full [&_ol]:max-w-full",
  "[&_ul]:pl-6 [&_ol]:pl-6 [&_ul]:text-left [&_ol]:text-left [&_li]:my-1 [&_li]:pl-1",
].join(" ");
