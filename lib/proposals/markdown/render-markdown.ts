/**
 * The markdown of proposals: contract.md, "Markdown and variables". Only a closed subset is
 * recognised and everything else is text, so that a proposal's description can be shown on the
 * public page without a sanitiser: the output can only ever contain the tags listed here.
 *
 * Variables (title and description): `[fallback](data:text/plain,KEY)`.
 * - KEY is percent-decoded (`first%20name` -> `first name`; `+` stays a plus, as in any data URL).
 *   A KEY that is not valid percent-encoding, or a target with anything but exactly the prefix
 *   `data:text/plain,`, is not a variable and stays literal text.
 * - KEY names a top-level key of `data` (no paths: `a.b` is the key "a.b"); only own keys count, so
 *   `__proto__` or `constructor` never reach Object.prototype.
 * - The value replaces the whole link: strings as they are, numbers, bigints and booleans through
 *   String(). The fallback text is shown when the key is absent or its value is null, an object or an
 *   array (no "[object Object]" or JSON on a proposal). An empty string is a value, shown as nothing.
 * - Values and fallbacks are inserted after parsing: markdown or HTML inside them is never read.
 * - The fallback is plain text without brackets or line breaks; the KEY has no spaces, brackets or
 *   parentheses before decoding.
 *
 * Description HTML, block by block, blocks joined by "\n" (decision 041 extends contract.md's subset
 * with `**bold**` and lists):
 * - Line endings CRLF and CR count as LF; leading and trailing spaces of a line are ignored.
 * - `# x`, `## x`, `### x` (hashes, then at least one space or tab, then text) -> `<h1>x</h1>`,
 *   `<h2>x</h2>`, `<h3>x</h3>`. A heading is always one line of its own. `####`, `#x`, a lone `#`
 *   are text.
 * - `- x` (a dash, then at least one space or tab, then text) is an item of a bulleted list, `N. x`
 *   (1 to 9 digits, a dot, a space or tab, text) of a numbered one. Consecutive items of one kind
 *   form one list, each item on a line of its own: `<ul>\n<li>a</li>\n<li>b</li>\n</ul>`; a
 *   numbered list starts at its first item's number (`<ol start="3">` unless it is 1) and counts on
 *   from there, whatever the later items say. An item is one line: a blank line, a heading, a text
 *   line or an item of the other kind ends the list. No nesting: indentation is ignored like any
 *   leading space. Directly below a paragraph line a numbered item must be `1.` to start a list,
 *   so that a line such as "15. May" inside a paragraph stays text (as in CommonMark).
 * - Consecutive text lines form one paragraph: `<p>line 1<br>line 2</p>`. One or more blank lines end
 *   a paragraph; so does a heading, a list item or a change between ordinary and `<` lines.
 * - Consecutive lines starting with `<` form one left-aligned paragraph, the `<` and the spaces
 *   after it removed: `<p class="text-left">line 1<br>line 2</p>`. A class rather than a style
 *   attribute because the Content-Security-Policy will not allow inline styles; everything else on
 *   the page is centred by its own stylesheet. After the `<` nothing is a heading or a list item.
 * - Bold, on one line: `*x*` or `**x**` -> `<strong>x</strong>`, x not starting or ending with a
 *   space and holding no `*`. The stars are read in runs: a run of one or two opens when text
 *   follows it and is closed by the next run if that run is as long and follows text. Any other run
 *   stays literal stars (`***x***`, `**x*`, `2 * 3`); a line without two stars side by side reads as
 *   it did before decision 041. Bold may hold variables and may sit in headings, both kinds of
 *   paragraph and list items.
 * - Everything else is text with `& < > " '` escaped as `&amp; &lt; &gt; &quot; &#39;`. Ordinary links,
 *   images, nested lists, code, backslash escapes and raw HTML are not part of the subset.
 *
 * Every step is one pass over its input: no regular expression here can backtrack more than once
 * over the same characters, so hostile input costs linear time.
 */

export type VariableData = Readonly<Record<string, unknown>>;

type Variable = { key: string; fallback: string };

// The fallback may not contain a bracket, so a scan that fails stops at the next "[": together with
// the key's character class this keeps a whole document linear, however many "[" it holds.
const VARIABLE_LINK = /\[([^[\]\r\n]*)\]\(data:text\/plain,([^\s()[\]]+)\)/g;

function decodeKey(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The value a variable shows, or null when its fallback must be shown. */
function variableValue(data: VariableData, key: string): string | null {
  if (!Object.hasOwn(data, key)) return null;
  const value = data[key];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  return null;
}

function variableText(data: VariableData, variable: Variable): string {
  return variableValue(data, variable.key) ?? variable.fallback;
}

/** Splits text into literal runs and variables, in order. */
function splitVariables(text: string): Array<string | Variable> {
  const parts: Array<string | Variable> = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE_LINK)) {
    const key = decodeKey(match[2]);
    if (key === null) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ key, fallback: match[1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Keys of the variables in a title or description, in order of first use, each once. */
export function variablesUsed(md: string): string[] {
  const keys = new Set<string>();
  for (const part of splitVariables(md)) if (typeof part !== "string") keys.add(part.key);
  return [...keys];
}

/**
 * The proposal's `title`: `title_md` with its variables filled in and every other character kept as
 * written (no markdown, `*` and `#` stay). It is plain text, not HTML: whoever puts it into HTML, an
 * attribute, an e-mail subject or a PDF must escape it for that place.
 */
export function renderTitle(titleMd: string, data: VariableData): string {
  return splitVariables(titleMd)
    .map((part) => (typeof part === "string" ? part : variableText(data, part)))
    .join("");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

// A line as a sequence of single characters and whole variables, so that bold can look for "*" and
// its neighbours without ever seeing the inside of a variable.
type Atom = string | Variable;

function toAtoms(line: string): Atom[] {
  return splitVariables(line).flatMap<Atom>((part) => (typeof part === "string" ? part.split("") : [part]));
}

function isBlank(atom: Atom | undefined): boolean {
  return typeof atom === "string" && /\s/.test(atom);
}

/** How a variable becomes HTML: its text escaped, or (in the editor) that text inside a chip naming its key. */
type Fill = (variable: Variable) => string;

function renderAtom(atom: Atom, fill: Fill): string {
  return typeof atom === "string" ? escapeHtml(atom) : fill(atom);
}

/** How many "*" atoms follow one another from i. */
function starRun(atoms: readonly Atom[], i: number): number {
  let end = i;
  while (atoms[end] === "*") end++;
  return end - i;
}

/**
 * Where the bold opened by the run of `length` stars at i closes: the start of the next run, when
 * both runs are one or two stars long, the same length, and hold text without blank edges; else -1.
 */
function closingRun(atoms: readonly Atom[], nextStar: Int32Array, i: number, length: number): number {
  const first = atoms[i + length];
  if (length > 2 || first === undefined || isBlank(first)) return -1;
  const close = nextStar[i + length - 1];
  if (close === -1 || isBlank(atoms[close - 1]) || starRun(atoms, close) !== length) return -1;
  return close;
}

function renderInline(line: string, fill: Fill): string {
  const atoms = toAtoms(line);
  // nextStar[i]: index of the first "*" after i, or -1. Precomputed so each run finds its closer in
  // constant time, and each run is measured at most twice (as an opener and as the run before's
  // closer): a line of 200 000 stars stays linear.
  const nextStar = new Int32Array(atoms.length);
  let following = -1;
  for (let i = atoms.length - 1; i >= 0; i--) {
    nextStar[i] = following;
    if (atoms[i] === "*") following = i;
  }
  const html: string[] = [];
  let i = 0;
  while (i < atoms.length) {
    if (atoms[i] !== "*") {
      html.push(renderAtom(atoms[i], fill));
      i++;
      continue;
    }
    const length = starRun(atoms, i);
    const close = closingRun(atoms, nextStar, i, length);
    if (close === -1) {
      html.push("*".repeat(length));
      i += length;
      continue;
    }
    html.push("<strong>");
    for (let j = i + length; j < close; j++) html.push(renderAtom(atoms[j], fill));
    html.push("</strong>");
    i = close + length;
  }
  return html.join("");
}

type Heading = { kind: "heading"; level: 1 | 2 | 3; text: string };
type Paragraph = { kind: "paragraph"; isLeftAligned: boolean; lines: string[] };
type List = { kind: "list"; isOrdered: boolean; start: number; items: string[] };
type Block = Heading | Paragraph | List;

/** `# x` to `### x` as a heading, or null when the line is not one. */
function parseHeading(line: string): Heading | null {
  let level = 0;
  while (level < line.length && line[level] === "#") level++;
  if (level < 1 || level > 3) return null;
  if (line[level] !== " " && line[level] !== "\t") return null;
  const text = line.slice(level).trim();
  return text ? { kind: "heading", level: level as 1 | 2 | 3, text } : null;
}

// Anchored and bounded: at most nine digits are tried, whatever the line holds after them.
const LIST_MARKER = /^(?:-|(\d{1,9})\.)[ \t]/;

type ListItem = { isOrdered: boolean; number: number; text: string };

/** `- x` or `N. x` as a list item, or null. The line is trimmed, so text follows the marker's space. */
function parseListItem(line: string): ListItem | null {
  const marker = LIST_MARKER.exec(line);
  if (!marker) return null;
  const text = line.slice(marker[0].length).trim();
  return { isOrdered: marker[1] !== undefined, number: marker[1] === undefined ? 1 : Number(marker[1]), text };
}

function parseBlocks(md: string): Block[] {
  const blocks: Block[] = [];
  // The paragraph or list the next line may continue; null after a blank line or a heading.
  let open: Paragraph | List | null = null;
  for (const rawLine of md.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (!line) {
      open = null;
      continue;
    }
    const heading = parseHeading(line);
    if (heading) {
      blocks.push(heading);
      open = null;
      continue;
    }
    const item = parseListItem(line);
    if (item && !(open?.kind === "paragraph" && item.isOrdered && item.number !== 1)) {
      if (open?.kind !== "list" || open.isOrdered !== item.isOrdered) {
        open = { kind: "list", isOrdered: item.isOrdered, start: item.number, items: [] };
        blocks.push(open);
      }
      open.items.push(item.text);
      continue;
    }
    const isLeftAligned = line.startsWith("<");
    const text = isLeftAligned ? line.slice(1).trimStart() : line;
    if (open?.kind !== "paragraph" || open.isLeftAligned !== isLeftAligned) {
      open = { kind: "paragraph", isLeftAligned, lines: [] };
      blocks.push(open);
    }
    open.lines.push(text);
  }
  return blocks;
}

function renderList(list: List, fill: Fill): string {
  const tag = list.isOrdered ? "ol" : "ul";
  const opening = list.isOrdered && list.start !== 1 ? `<ol start="${list.start}">` : `<${tag}>`;
  return [opening, ...list.items.map((item) => `<li>${renderInline(item, fill)}</li>`), `</${tag}>`].join("\n");
}

function renderBlock(block: Block, fill: Fill): string {
  if (block.kind === "heading") return `<h${block.level}>${renderInline(block.text, fill)}</h${block.level}>`;
  if (block.kind === "list") return renderList(block, fill);
  const open = block.isLeftAligned ? '<p class="text-left">' : "<p>";
  return `${open}${block.lines.map((line) => renderInline(line, fill)).join("<br>")}</p>`;
}

/**
 * The proposal's `description_html` from `description_md` and `data` (the subset above, nothing else).
 * `variableChips` is the editor's view of the same HTML: each variable's text sits in
 * `<span class="variable-chip" data-variable="KEY" title="…">`, so the sales person sees which key
 * fills it. The API, the customer's page and the PDF never ask for it.
 */
export function renderDescriptionHtml(descriptionMd: string, data: VariableData, options: { variableChips?: boolean } = {}): string {
  const fill: Fill = options.variableChips
    ? (variable) => {
        const key = escapeHtml(variable.key);
        const isFilled = variableValue(data, variable.key) !== null;
        const title = isFilled ? `Filled by the variable ${key}` : `The variable ${key} has no value: its fallback text is shown`;
        return `<span class="variable-chip" data-variable="${key}" title="${title}">${escapeHtml(variableText(data, variable))}</span>`;
      }
    : (variable) => escapeHtml(variableText(data, variable));
  return parseBlocks(descriptionMd)
    .map((block) => renderBlock(block, fill))
    .join("\n");
}
