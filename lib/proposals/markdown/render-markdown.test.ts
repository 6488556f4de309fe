import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/test/seeded-random";
import { escapeHtml, renderDescriptionHtml, renderTitle, variablesUsed } from "./render-markdown";

const html = (md: string, data: Record<string, unknown> = {}) => renderDescriptionHtml(md, data);

describe("[PROPOSALS MARKDOWN] variables", () => {
  it("fill in the value of data.KEY, or the fallback when the key is absent or null", () => {
    const md = "Dear [customer](data:text/plain,name), [your company](data:text/plain,company)";
    expect(renderTitle(md, { name: "Ann" })).toBe("Dear Ann, your company");
    expect(renderTitle(md, { name: "Ann", company: null })).toBe("Dear Ann, your company");
    expect(html(md, { name: "Ann" })).toBe("<p>Dear Ann, your company</p>");
  });

  it("stringify numbers, bigints and booleans, show an empty string as nothing, and fall back for objects and arrays", () => {
    const md =
      "[n](data:text/plain,n)|[b](data:text/plain,b)|[e](data:text/plain,e)|[o](data:text/plain,o)|[a](data:text/plain,a)|[i](data:text/plain,i)";
    const data = { n: 12.5, b: false, e: "", o: { x: 1 }, a: [1, 2], i: 10n };
    expect(renderTitle(md, data)).toBe("12.5|false||o|a|10");
    expect(html(md, data)).toBe("<p>12.5|false||o|a|10</p>");
  });

  it("percent-decode the key, keep + as a plus, and leave a malformed key as literal text", () => {
    expect(renderTitle("[x](data:text/plain,first%20name)", { "first name": "Ann" })).toBe("Ann");
    expect(renderTitle("[x](data:text/plain,a+b)", { "a+b": "plus", "a b": "space" })).toBe("plus");
    expect(renderTitle("[x](data:text/plain,%E2%82%AC)", { "€": "euro" })).toBe("euro");
    expect(renderTitle("[x](data:text/plain,bad%zz)", { "bad%zz": "no" })).toBe("[x](data:text/plain,bad%zz)");
    expect(variablesUsed("[x](data:text/plain,bad%zz)")).toEqual([]);
  });

  it("are only data URLs with exactly the text/plain prefix and a non-empty key", () => {
    for (const md of [
      "[x](data:text/html,name)",
      "[x](data:,name)",
      "[x](DATA:text/plain,name)",
      "[x](data:text/plain,)",
      "[x](data:text/plain,na me)",
      "[x] (data:text/plain,name)",
      "[x\ny](data:text/plain,name)",
    ]) {
      expect(renderTitle(md, { name: "Ann" })).toBe(md);
      expect(variablesUsed(md)).toEqual([]);
    }
  });

  it("look up own keys only, never inherited ones", () => {
    const md = "[a](data:text/plain,constructor) [b](data:text/plain,__proto__) [c](data:text/plain,toString)";
    expect(renderTitle(md, {})).toBe("a b c");
    expect(html(md, {})).toBe("<p>a b c</p>");
    expect(renderTitle("[x](data:text/plain,inherited)", Object.create({ inherited: "leak" }))).toBe("x");
    expect(renderTitle("[x](data:text/plain,__proto__)", JSON.parse('{"__proto__": "own"}'))).toBe("own");
  });

  it("treat a dotted key as one flat key, not a path", () => {
    expect(renderTitle("[x](data:text/plain,a.b)", { a: { b: "deep" }, "a.b": "flat" })).toBe("flat");
  });

  it("are listed in order of first use, each once, decoded, from anywhere in the text", () => {
    const md = "# [t](data:text/plain,title)\n<[a](data:text/plain,first%20name) *[b](data:text/plain,x)*\n\n[c](data:text/plain,title)";
    expect(variablesUsed(md)).toEqual(["title", "first name", "x"]);
    expect(variablesUsed("no variables [here](http://example.com)")).toEqual([]);
  });
});

describe("[PROPOSALS MARKDOWN] title", () => {
  it("keeps every other markdown character as written and is not HTML-escaped", () => {
    const title = renderTitle("# *Offer* for <[c](data:text/plain,c)> & [x](http://e.com)", { c: "A&B <Ltd>" });
    expect(title).toBe("# *Offer* for <A&B <Ltd>> & [x](http://e.com)");
  });

  it("does not read markdown or variables inside a value", () => {
    const data = { a: "[y](data:text/plain,b)", b: "never" };
    expect(renderTitle("[x](data:text/plain,a)", data)).toBe("[y](data:text/plain,b)");
  });
});

describe("[PROPOSALS MARKDOWN] description structure", () => {
  it("renders #, ## and ### headings; #### and a hash without a space are text", () => {
    expect(html("# One\n## Two\n### Three\n#### Four\n#Five\n#")).toBe(
      "<h1>One</h1>\n<h2>Two</h2>\n<h3>Three</h3>\n<p>#### Four<br>#Five<br>#</p>",
    );
    expect(html("#\tTab   ")).toBe("<h1>Tab</h1>");
  });

  it("joins consecutive lines into one paragraph with <br> and splits paragraphs at blank lines", () => {
    expect(html("one\ntwo\n\n\n  \nthree")).toBe("<p>one<br>two</p>\n<p>three</p>");
  });

  it("ends a paragraph at a heading, and the line after a heading starts a new one", () => {
    expect(html("before\n# Title\nafter")).toBe("<p>before</p>\n<h1>Title</h1>\n<p>after</p>");
  });

  it("renders consecutive < lines as one left-aligned paragraph, with the prefix removed", () => {
    expect(html("centred\n< left one\n<left two\ncentred again")).toBe(
      '<p>centred</p>\n<p class="text-left">left one<br>left two</p>\n<p>centred again</p>',
    );
  });

  it("does not read a heading after the < prefix", () => {
    expect(html("<# not a heading")).toBe('<p class="text-left"># not a heading</p>');
  });

  it("treats CRLF and CR like LF", () => {
    expect(html("# T\r\none\r\ntwo\r\n\r\nthree\rfour")).toBe("<h1>T</h1>\n<p>one<br>two</p>\n<p>three<br>four</p>");
  });

  it("renders nothing for an empty or blank description", () => {
    expect(html("")).toBe("");
    expect(html(" \n\n\t\r\n")).toBe("");
  });
});

describe("[PROPOSALS MARKDOWN] bold", () => {
  it("wraps *text* in <strong>, in paragraphs, left-aligned paragraphs and headings", () => {
    expect(html("a *b c* d")).toBe("<p>a <strong>b c</strong> d</p>");
    expect(html("< *left*")).toBe('<p class="text-left"><strong>left</strong></p>');
    expect(html("## *big* deal")).toBe("<h2><strong>big</strong> deal</h2>");
  });

  it("keeps a * that cannot open or close as a literal star", () => {
    expect(html("2 * 3 * 4")).toBe("<p>2 * 3 * 4</p>");
    expect(html("*unclosed")).toBe("<p>*unclosed</p>");
    expect(html("*a *b*")).toBe("<p>*a <strong>b</strong></p>");
    expect(html("***")).toBe("<p>***</p>");
  });

  it("wraps **text** in <strong> too, without stray stars, wherever *text* is bold", () => {
    expect(html("**x**")).toBe("<p><strong>x</strong></p>");
    expect(html("a **b c** d and *e*")).toBe("<p>a <strong>b c</strong> d and <strong>e</strong></p>");
    expect(html("< **left**\n## **big** deal\n- **item** one")).toBe(
      '<p class="text-left"><strong>left</strong></p>\n<h2><strong>big</strong> deal</h2>\n<ul>\n<li><strong>item</strong> one</li>\n</ul>',
    );
    expect(html("**[n](data:text/plain,name)**", { name: "Ann" })).toBe("<p><strong>Ann</strong></p>");
  });

  it("closes a run of stars only with a run as long: other runs, and three stars or more, stay literal", () => {
    expect(html("**x*")).toBe("<p>**x*</p>");
    expect(html("*x**")).toBe("<p>*x**</p>");
    expect(html("***x***")).toBe("<p>***x***</p>");
    expect(html("** x **")).toBe("<p>** x **</p>");
    expect(html("**a *b* c**")).toBe("<p>**a <strong>b</strong> c**</p>");
    expect(html("**a** **b**")).toBe("<p><strong>a</strong> <strong>b</strong></p>");
    expect(html("****")).toBe("<p>****</p>");
    expect(html("**unclosed")).toBe("<p>**unclosed</p>");
  });

  it("reads a line without two stars side by side as before lists and **bold** came", () => {
    // What the renderer gave for these before decision 041, unchanged.
    expect(html("a *b c* d")).toBe("<p>a <strong>b c</strong> d</p>");
    expect(html("2 * 3 * 4")).toBe("<p>2 * 3 * 4</p>");
    expect(html("*a *b* c* d*")).toBe("<p>*a <strong>b</strong> c* d*</p>");
    expect(html("*a*b*c*")).toBe("<p><strong>a</strong>b<strong>c</strong></p>");
  });

  it("does not span lines", () => {
    expect(html("*one\ntwo*")).toBe("<p>*one<br>two*</p>");
  });

  it("may hold a variable, and a * inside a variable's fallback or key is not a delimiter", () => {
    expect(html("*[n](data:text/plain,name)*", { name: "Ann" })).toBe("<p><strong>Ann</strong></p>");
    expect(html("*a [f*](data:text/plain,k*ey) b*", { "k*ey": "v" })).toBe("<p><strong>a v b</strong></p>");
    expect(html("*a [f*](data:text/plain,missing) b")).toBe("<p>*a f* b</p>");
  });

  it("does not read a * inside a value", () => {
    expect(html("x [v](data:text/plain,v) y*", { v: "*z" })).toBe("<p>x *z y*</p>");
  });
});

describe("[PROPOSALS MARKDOWN] lists", () => {
  it("turns consecutive - lines into one bulleted list, each item on a line of its own", () => {
    expect(html("- a\n- b")).toBe("<ul>\n<li>a</li>\n<li>b</li>\n</ul>");
    expect(html("  -\tTabbed  \n   - indented")).toBe("<ul>\n<li>Tabbed</li>\n<li>indented</li>\n</ul>");
  });

  it("turns consecutive N. lines into one numbered list that counts on from its first number", () => {
    expect(html("1. one\n2. two")).toBe("<ol>\n<li>one</li>\n<li>two</li>\n</ol>");
    expect(html("1. one\n1. two\n7. three")).toBe("<ol>\n<li>one</li>\n<li>two</li>\n<li>three</li>\n</ol>");
    expect(html("3. three\n4. four")).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
    expect(html("007. bond\n\n0. zero")).toBe('<ol start="7">\n<li>bond</li>\n</ol>\n<ol start="0">\n<li>zero</li>\n</ol>');
    expect(html("999999999. last")).toBe('<ol start="999999999">\n<li>last</li>\n</ol>');
  });

  it("are not lists without the marker's space, with nothing after it, with * or ten digits", () => {
    expect(html("-x\n-\n--\n1.5 hours\n1.\n1)  one\n* star\n+ plus\n1234567890. big")).toBe(
      "<p>-x<br>-<br>--<br>1.5 hours<br>1.<br>1)  one<br>* star<br>+ plus<br>1234567890. big</p>",
    );
  });

  it("end at a blank line, a heading, a text line, a < line or an item of the other kind", () => {
    expect(html("- a\n\n- b")).toBe("<ul>\n<li>a</li>\n</ul>\n<ul>\n<li>b</li>\n</ul>");
    expect(html("1. a\n\n2. b")).toBe('<ol>\n<li>a</li>\n</ol>\n<ol start="2">\n<li>b</li>\n</ol>');
    expect(html("- a\n# T\n- b")).toBe("<ul>\n<li>a</li>\n</ul>\n<h1>T</h1>\n<ul>\n<li>b</li>\n</ul>");
    expect(html("- a\nmore\n< left")).toBe('<ul>\n<li>a</li>\n</ul>\n<p>more</p>\n<p class="text-left">left</p>');
    expect(html("- a\n1. b\n- c")).toBe("<ul>\n<li>a</li>\n</ul>\n<ol>\n<li>b</li>\n</ol>\n<ul>\n<li>c</li>\n</ul>");
  });

  it("start below a paragraph line, a numbered one only at 1, so a date in a paragraph stays text", () => {
    expect(html("We offer:\n- a\n- b")).toBe("<p>We offer:</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>");
    expect(html("Steps:\n1. a\n2. b")).toBe("<p>Steps:</p>\n<ol>\n<li>a</li>\n<li>b</li>\n</ol>");
    expect(html("Delivery on\n15. May")).toBe("<p>Delivery on<br>15. May</p>");
    expect(html("< Left\n2. b")).toBe('<p class="text-left">Left</p>\n<p>2. b</p>');
    expect(html("# Start\n15. May")).toBe('<h1>Start</h1>\n<ol start="15">\n<li>May</li>\n</ol>');
    expect(html("- a\n15. May")).toBe('<ul>\n<li>a</li>\n</ul>\n<ol start="15">\n<li>May</li>\n</ol>');
  });

  it("are never read after the < prefix or in a heading, and hold a heading's hashes as text", () => {
    expect(html("< - a\n<1. b")).toBe('<p class="text-left">- a<br>1. b</p>');
    expect(html("# - a")).toBe("<h1>- a</h1>");
    expect(html("- # a\n- - b")).toBe("<ul>\n<li># a</li>\n<li>- b</li>\n</ul>");
  });

  it("hold bold and variables; a variable's value is never read as an item", () => {
    expect(html("- *a* and **b**\n1. [n](data:text/plain,name)", { name: "Ann" })).toBe(
      "<ul>\n<li><strong>a</strong> and <strong>b</strong></li>\n</ul>\n<ol>\n<li>Ann</li>\n</ol>",
    );
    expect(html("[v](data:text/plain,v)", { v: "- not\n1. a list" })).toBe("<p>- not\n1. a list</p>");
    expect(html("- [v](data:text/plain,v)", { v: "<li>x</li>" })).toBe("<ul>\n<li>&lt;li&gt;x&lt;/li&gt;</li>\n</ul>");
  });
});

describe("[PROPOSALS MARKDOWN] hostile input", () => {
  it("escapes script tags and raw HTML", () => {
    expect(html("<script>alert(1)</script>")).toBe('<p class="text-left">script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html("hi <script>alert('x')</script>")).toBe("<p>hi &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>");
    expect(html("# <img src=x onerror=alert(1)>")).toBe("<h1>&lt;img src=x onerror=alert(1)&gt;</h1>");
  });

  it("escapes attribute injection in text, fallbacks, keys and values", () => {
    const attack = `"><img src=x onerror="alert(1)">`;
    expect(html(`a ${attack}`)).toBe("<p>a &quot;&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>");
    expect(html(`[${attack}](data:text/plain,k)`)).toBe("<p>&quot;&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>");
    expect(html("[x](data:text/plain,k)", { k: attack })).toBe("<p>&quot;&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>");
    expect(html(`[x](data:text/plain,%22%3E%3Cb%3E)`, { '"><b>': "ok" })).toBe("<p>ok</p>");
  });

  it("renders links that are not variables, javascript: ones included, as escaped literal text", () => {
    expect(html("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
    expect(html("[site](http://example.com/?a=1&b=2)")).toBe("<p>[site](http://example.com/?a=1&amp;b=2)</p>");
    expect(html("![img](http://x/y.png)")).toBe("<p>![img](http://x/y.png)</p>");
    expect(html("<http://example.com>")).toBe('<p class="text-left">http://example.com&gt;</p>');
  });

  it("does not interpret markup or markdown inside values, and does not substitute recursively", () => {
    const data = {
      markup: "<b>bold</b><script>x()</script>",
      markdown: "# heading\n\n*bold*\n< left",
      variable: "[y](data:text/plain,secret)",
      secret: "leaked",
      entity: "&lt;",
    };
    const md = "[a](data:text/plain,markup)|[b](data:text/plain,markdown)|[c](data:text/plain,variable)|[d](data:text/plain,entity)";
    expect(html(md, data)).toBe(
      "<p>&lt;b&gt;bold&lt;/b&gt;&lt;script&gt;x()&lt;/script&gt;|# heading\n\n*bold*\n&lt; left|[y](data:text/plain,secret)|&amp;lt;</p>",
    );
  });

  it("escapes nested markup and entities in the text", () => {
    expect(html("*<b>*<i>x</i>*</b>*")).toBe("<p><strong>&lt;b&gt;</strong>&lt;i&gt;x&lt;/i&gt;<strong>&lt;/b&gt;</strong></p>");
    expect(html("&amp; &#60; &")).toBe("<p>&amp;amp; &amp;#60; &amp;</p>");
  });

  it.each([
    ["stars", "*".repeat(200_000)],
    ["star-space pairs", "* ".repeat(100_000)],
    ["opening brackets", "[".repeat(200_000)],
    ["stars and brackets", "*[".repeat(100_000)],
    ["an unclosed fallback", "[" + "a".repeat(200_000)],
    ["unclosed variable targets", "[a](data:text/plain,".repeat(10_000)],
    ["an endless key", "[a](data:text/plain," + "k".repeat(200_000)],
    ["bracket soup", "[]([](data:text/plain,*".repeat(9_000)],
    ["bold openers with variables", "*[a](data:text/plain,k) ".repeat(8_000)],
    ["hashes", "#".repeat(200_000)],
    ["many short lines", "<*\n#\n".repeat(50_000)],
    ["double stars", "**".repeat(100_000)],
    ["double-star openers", "**a ".repeat(50_000)],
    ["runs of one and two stars", "*a**b".repeat(40_000)],
    ["bulleted lines", "- *a*\n".repeat(50_000)],
    ["numbered lines", "12. b\n".repeat(50_000)],
    ["lists and paragraphs in turn", "- a\n2. b\nc\n".repeat(20_000)],
    ["digits without a dot", "1".repeat(200_000)],
    ["dashes", "-".repeat(200_000)],
  ])("renders 200 KB of %s in linear time", (_name, md) => {
    expect(md.length).toBeGreaterThanOrEqual(190_000);
    const started = performance.now();
    const out = html(md, { k: "v" });
    renderTitle(md, { k: "v" });
    variablesUsed(md);
    // A quadratic pass over 200 000 characters takes minutes; a linear one a few milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out.length).toBeGreaterThan(0);
  });
});

// A seeded generator, so a failure names a reproducible case: a whole number below `below`.
function randomGenerator(seed: number) {
  const next = mulberry32(seed);
  return (below: number) => Math.floor(next() * 4294967296) % below;
}

const PIECES = [
  "<",
  ">",
  "*",
  "[",
  "]",
  "(",
  ")",
  "#",
  "# ",
  "## ",
  "\n",
  "\r\n",
  "\n\n",
  " ",
  "&",
  '"',
  "'",
  "a",
  "script",
  "data:text/plain,",
  "k",
  "v",
  "%",
  "%20",
  "](data:text/plain,k)",
  "<img onerror=x>",
  "javascript:",
];

// Decision 041 added **bold** and lists: pieces that make them, for a second run of the generator.
const LIST_PIECES = [...PIECES, "**", "- ", "-\t", "1. ", "2. ", "007. ", "\n- ", "\n1. ", "\n< - ", "\n  - "];

const ALLOWED_TAG = /^<(\/?(h1|h2|h3|p|strong|ul|ol|li)|br|p class="text-left"|ol start="(0|[1-9][0-9]{0,8})")>$/;

/** The element a tag may sit in: none for a block, a list for an item, a line's block for bold. */
const PARENTS: Record<string, RegExp> = {
  h1: /^$/,
  h2: /^$/,
  h3: /^$/,
  p: /^$/,
  ul: /^$/,
  ol: /^$/,
  li: /^(ul|ol)$/,
  strong: /^(p|h[123]|li)$/,
  br: /^p$/,
};

/**
 * Checks the output is only the subset's tags, properly nested, with no raw markup character left,
 * and nothing but line breaks between the blocks and between a list's items.
 */
function assertSafeStructure(out: string) {
  const stack: string[] = [];
  let last = 0;
  for (const match of out.matchAll(/<[^<>]*>/g)) {
    const between = out.slice(last, match.index);
    last = match.index + match[0].length;
    if (!stack.length || stack.at(-1) === "ul" || stack.at(-1) === "ol") expect(between).toMatch(/^\n?$/);
    const tag = match[0];
    expect(tag).toMatch(ALLOWED_TAG);
    const name = tag.replace(/^<\/?/, "").split(/[ >]/)[0];
    if (tag.startsWith("</")) {
      expect(stack.pop()).toBe(name);
      continue;
    }
    expect(stack.at(-1) ?? "").toMatch(PARENTS[name]);
    if (name !== "br") stack.push(name);
  }
  expect(stack).toEqual([]);
  expect(out.slice(last)).toBe("");
  const text = out.replace(/<[^<>]*>/g, "");
  expect(text).not.toMatch(/[<>"']/);
  expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
}

function assertRandomDocumentsSafe(seed: number, pieces: readonly string[]) {
  const next = randomGenerator(seed);
  const data = { k: `"><script>*x*</script>`, "k ": "<b>", v: "& [a](data:text/plain,k)\n- b" };
  for (let n = 0; n < 2_000; n++) {
    const length = 1 + next(40);
    const md = Array.from({ length }, () => pieces[next(pieces.length)]).join("");
    const out = html(md, data);
    try {
      assertSafeStructure(out);
    } catch (error) {
      throw new Error(`case ${n}: ${JSON.stringify(md)} -> ${JSON.stringify(out)}\n${String(error)}`);
    }
  }
}

describe("[PROPOSALS MARKDOWN] random hostile documents", () => {
  it("never produce a tag outside the subset, unbalanced tags or unescaped characters", () => {
    assertRandomDocumentsSafe(20_260_101, PIECES);
  });

  it("with list markers and double stars among the pieces, still only the subset, with items only in lists", () => {
    assertRandomDocumentsSafe(20_261_127, LIST_PIECES);
  });

  it("the structure check itself rejects unsafe output", () => {
    expect(() => assertSafeStructure("<p><img></p>")).toThrow();
    expect(() => assertSafeStructure("<p><strong>x</p></strong>")).toThrow();
    expect(() => assertSafeStructure('<p>a"b</p>')).toThrow();
    expect(() => assertSafeStructure("<h1><br></h1>")).toThrow();
    expect(() => assertSafeStructure("<p>&nbsp;</p>")).toThrow();
    expect(() => assertSafeStructure("<li>x</li>")).toThrow();
    expect(() => assertSafeStructure("<ul><p>x</p></ul>")).toThrow();
    expect(() => assertSafeStructure("<ul>\n<li>a<br>b</li>\n</ul>")).toThrow();
    expect(() => assertSafeStructure("<ul>x<li>a</li></ul>")).toThrow();
    expect(() => assertSafeStructure('<ol start="1x">\n<li>a</li>\n</ol>')).toThrow();
    expect(() => assertSafeStructure("<p>a</p>x")).toThrow();
    expect(() => assertSafeStructure('<h1>a</h1>\n<p class="text-left"><strong>b</strong><br>c</p>')).not.toThrow();
    expect(() => assertSafeStructure('<ol start="3">\n<li><strong>a</strong></li>\n</ol>\n<ul>\n<li>b</li>\n</ul>')).not.toThrow();
  });
});

describe("[PROPOSALS MARKDOWN] escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`&<>"'x`)).toBe("&amp;&lt;&gt;&quot;&#39;x");
  });
});

describe("[PROPOSALS MARKDOWN] the editor's variable chips", () => {
  const md = '# For [you](data:text/plain,name)\n**[the "plan"](data:text/plain,a%3Cb)** and [x](data:text/plain,missing)';

  it("wrap each variable's text in a chip naming its key, and change nothing else", () => {
    const html = renderDescriptionHtml(md, { name: "Greta", "a<b": "<Gold>" }, { variableChips: true });
    expect(html).toBe(
      '<h1>For <span class="variable-chip" data-variable="name" title="Filled by the variable name">Greta</span></h1>\n' +
        '<p><strong><span class="variable-chip" data-variable="a&lt;b" title="Filled by the variable a&lt;b">&lt;Gold&gt;</span></strong> and ' +
        '<span class="variable-chip" data-variable="missing" title="The variable missing has no value: its fallback text is shown">x</span></p>',
    );
    const withoutChips = html.replace(/<span class="variable-chip"[^>]*>|<\/span>/g, "");
    expect(withoutChips).toBe(renderDescriptionHtml(md, { name: "Greta", "a<b": "<Gold>" }));
  });

  it("are off unless asked for: the API's and the customer's HTML has no span", () => {
    expect(renderDescriptionHtml(md, { name: "Greta" })).not.toContain("<span");
  });
});
