import { expect, type BrowserContext, type Page, type Request } from "@playwright/test";

/**
 * Hostile content for e2e/platform/untrusted-content.ui.spec.ts (issue 12, proof 5), and the watch that
 * tells whether any of it ran in the app's origin.
 *
 * Every payload carries a piece of script that, if it ran, would leave one of four traces: a
 * `__pwned` property on the app's window, "PWNED" in the document title, a request to
 * MARKER_PATH, or a native dialog. The trace words are built by concatenation inside the script
 * ('PW'+'NED', '/api/x'+'ss-marker'), so the stored text itself never contains them: a title that
 * shows a payload as text is not mistaken for one that ran.
 */

export const MARKER_PATH = "/api/xss-marker/";
const TITLE_MARK = "PWNED";

/** What a payload's script does, one of four; `field` says where it was stored. */
const EFFECTS = [
  (field: string) => `top.__pwned='${field}'`,
  (field: string) => `parent.document.title='PW'+'NED:${field}'`,
  (field: string) => `fetch('/api/x'+'ss-marker/${field}')`,
  (field: string) => `alert('${field}')`,
];

type Payload = { name: string; make: (js: string) => string };

/** HTML, attribute, entity, breakout and template syntax: for every field a user can fill. */
const GENERIC: Payload[] = [
  { name: "script tag", make: (js) => `<script>${js}</script>` },
  { name: "img onerror", make: (js) => `<img src=x onerror="${js}">` },
  { name: "svg onload", make: (js) => `<svg onload="${js}">` },
  { name: "iframe srcdoc", make: (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>` },
  { name: "javascript: anchor", make: (js) => `<a href="javascript:${js}">jslink</a>` },
  { name: "entity-encoded javascript: anchor", make: (js) => `<a href="&#106;avascript&#58;${js}">jslink</a>` },
  { name: "entity-escaped img", make: (js) => `&lt;img src=x onerror="${js}"&gt;` },
  { name: "unicode-escaped img", make: (js) => `\\u003cimg src=x onerror=${js}\\u003e` },
  { name: "url-encoded img", make: (js) => `%3Cimg%20src%3Dx%20onerror%3D${encodeURIComponent(js)}%3E` },
  { name: "textarea breakout", make: (js) => `</textarea><img src=x onerror="${js}">` },
  { name: "script breakout", make: (js) => `</script><script>${js}</script>` },
  { name: "double-quote attribute breakout", make: (js) => `"><svg onload=${js}>` },
  { name: "single-quote attribute breakout", make: (js) => `'><img src=x onerror=${js}>` },
  { name: "title and style breakout", make: (js) => `</title></style><script>${js}</script>` },
  { name: "details ontoggle", make: (js) => `<details open ontoggle=${js}>` },
  { name: "template {{ }}", make: (js) => `{{constructor.constructor("${js}")()}}` },
  { name: "template ${}", make: (js) => `\${${js}}` },
  { name: "template literal", make: (js) => `\`\${${js}}\`` },
  { name: "bare javascript: url", make: (js) => `javascript:${js}` },
  { name: "data: html url", make: (js) => `data:text/html,<script>${js}</script>` },
];

/** Link and image tricks of markdown: for the lesson blocks' markdown and the proposal description. */
const MARKDOWN: Payload[] = [
  { name: "markdown javascript: link", make: (js) => `[jslink md](javascript:${js})` },
  { name: "markdown JAVASCRIPT: link", make: (js) => `[jslink md upper](JAVASCRIPT:${js})` },
  { name: "markdown entity link", make: (js) => `[jslink md entity](&#106;avascript&#58;${js})` },
  { name: "markdown tab in scheme", make: (js) => `[jslink md tab](<java\tscript:${js}>)` },
  { name: "markdown javascript: image", make: (js) => `![md image](javascript:${js})` },
  { name: "markdown reference link", make: (js) => `[jslink md ref][xss]\n\n[xss]: javascript:${js}` },
  { name: "markdown autolink", make: (js) => `<javascript:${js}>` },
  { name: "markdown data: link", make: (js) => `[jslink md data](data:text/html;base64,${btoa(`<script>${js}</script>`)})` },
];

/** Mermaid diagrams: each a whole diagram, drawn by the diagram block. */
const MERMAID: Payload[] = [
  {
    name: "mermaid click href and call",
    make: (js) => `flowchart LR\n  A[jslink mermaid] --> B[Two]\n  click A "javascript:${js}" "tip"\n  click B call eval("${js}")`,
  },
  {
    name: "mermaid init directive with htmlLabels",
    make: (js) =>
      `%%{init: {"securityLevel": "loose", "htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%\nflowchart LR\n  A["<img src=x onerror=${js}>"] --> B["<b>bold</b>"]\n  click A call eval("${js}")`,
  },
  { name: "mermaid entity codes", make: (js) => `flowchart LR\n  A["#60;img src=x onerror=${js}#62;"] --> B[Two]` },
  { name: "mermaid markdown string", make: (js) => `flowchart LR\n  A["\`<img src=x onerror=${js}>\`"] --> B[Two]` },
  {
    name: "mermaid themeCSS breakout",
    make: (js) => `%%{init: {"themeCSS": "}</style><script>${js}</script><style>"}}%%\nflowchart LR\n  A --> B`,
  },
  {
    name: "mermaid sequence message",
    make: (js) => `sequenceDiagram\n  Alice->>Bob: <img src=x onerror=${js}>\n  Note right of Bob: <svg onload=${js}>`,
  },
  { name: "mermaid class link", make: (js) => `classDiagram\n  class Alpha\n  link Alpha "javascript:${js}" "tip"` },
];

/** One SVG document with everything an SVG can run: for the image block's SVG code. */
const SVG: Payload = {
  name: "svg document (onload, script, foreignObject, xlink:href, image onerror, animate)",
  make: (js) =>
    [
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="80" onload="${js}">`,
      `<script>${js}</script>`,
      // Well-formed XML (no raw "<" in an attribute), so the image decodes and its content is really shown.
      `<foreignObject width="240" height="40"><iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="&lt;script>${js}&lt;/script>"></iframe>`,
      `<img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="${js}"/></foreignObject>`,
      `<a xlink:href="javascript:${js}"><text x="10" y="60">jslink svg</text></a>`,
      `<image href="x" onerror="${js}"/>`,
      `<a><animate attributeName="href" values="javascript:${js}"/><text x="120" y="60">jslink animate</text></a>`,
      `</svg>`,
    ].join(""),
};

/** The interactive block's attack from inside its frame: reach the app's window and the user's session. */
export const INTERACTIVE_RAN = "interactive script ran";
export const INTERACTIVE_PROBE = [
  `<p id="ran">waiting</p><p id="parent">parent not tried</p><p id="session">session not tried</p>`,
  `<script>`,
  `document.getElementById("ran").textContent = "${INTERACTIVE_RAN}";`,
  `try { top.__pwned = "interactive.top"; parent.document.title = "PW" + "NED:interactive"; document.getElementById("parent").textContent = "parent reached"; }`,
  `catch (e) { document.getElementById("parent").textContent = "parent blocked"; }`,
  `Promise.resolve().then(() => fetch(new URL("/api/auth/session", document.baseURI), { credentials: "include" }))`,
  `  .then((r) => r.text()).then((t) => (t.includes("@") ? "session read" : "session empty"))`,
  `  .catch(() => "session blocked")`,
  `  .then((s) => { document.getElementById("session").textContent = s; });`,
  `</script>`,
].join("\n");

export const PAYLOAD_COUNT = GENERIC.length + MARKDOWN.length + MERMAID.length + 1 + 1;

/**
 * Every field that got hostile content, for the report. A field's payloads use the four effects in
 * turn, so each trace is exercised by every field that holds at least four payloads.
 */
export const fieldsFilled = new Set<string>();

function fill(field: string, payloads: Payload[], maxChars: number, separator: string) {
  fieldsFilled.add(field);
  const parts: string[] = [];
  let length = 0;
  // Short fields cannot hold every payload: each starts at a different one, so together the short
  // fields still carry them all.
  const start = [...field].reduce((sum, c) => sum + c.charCodeAt(0), 0) % payloads.length;
  for (let i = 0; i < payloads.length; i++) {
    const p = payloads[(start + i) % payloads.length];
    const text = p.make(EFFECTS[i % EFFECTS.length](field));
    if (length + text.length + separator.length > maxChars) continue;
    parts.push(text);
    length += text.length + separator.length;
  }
  return parts.join(separator);
}

/** Hostile text for a plain field (a title, a name, a label) of at most `maxChars`. */
export const hostileText = (field: string, maxChars = 200) => fill(field, GENERIC, maxChars, " ");

/** Hostile markdown: every markdown trick and every HTML payload, one paragraph each. */
export const hostileMarkdown = (field: string, maxChars = 20_000) => fill(field, [...MARKDOWN, ...GENERIC], maxChars, "\n\n");

/** Hostile diagrams: one Mermaid source per trick (a diagram block each). */
export const hostileDiagrams = (field: string) =>
  MERMAID.map((p, i) => {
    fieldsFilled.add(`${field} (${p.name})`);
    return p.make(EFFECTS[i % EFFECTS.length](`${field}.${i}`));
  });

export const hostileSvg = (field: string) => {
  fieldsFilled.add(field);
  return SVG.make(EFFECTS[0](field));
};

/** One effect alone, for a field that must hold a URL or a single value. */
export const hostileScript = (field: string, effect = 0) => {
  fieldsFilled.add(field);
  return EFFECTS[effect % EFFECTS.length](field);
};

export const pagesVisited = new Set<string>();

/** Every trace seen by a watch that counts for the report (the oracle's own test does not). */
export const tracesInAppOrigin: string[] = [];

/** Text that only a payload shown as text contains: every generic payload has one of these. */
export const PAYLOAD_TEXT = /<|&lt;|javascript:|\{\{|\$\{|%3C|\\u003c/;

/**
 * Watches a browser context for the four traces and checks each page the test opens: the CSP
 * header on the document, no `__pwned` on any same-origin window, the title as it loaded and
 * without the mark, no dialog and no marker request.
 */
export class Watch {
  readonly traces: string[] = [];
  private titles = new Map<Page, string>();
  private network = new Map<Page, { inFlight: Set<Request>; lastActivity: number }>();

  constructor(
    private readonly context: BrowserContext,
    private readonly origin: string,
    private readonly isReported = true,
  ) {
    for (const page of context.pages()) this.watchPage(page);
    context.on("page", (page) => this.watchPage(page));
  }

  private watchPage(page: Page) {
    page.on("dialog", (dialog) => {
      this.traces.push(`${dialog.type()} dialog "${dialog.message()}" on ${page.url()}`);
      void dialog.dismiss().catch(() => {});
    });
    const network = { inFlight: new Set<Request>(), lastActivity: Date.now() };
    this.network.set(page, network);
    const done = (request: Request) => {
      network.inFlight.delete(request);
      network.lastActivity = Date.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    page.on("request", (request) => {
      // An editor's presence stream (Server-Sent Events) stays open while the page does: it is not
      // a load to wait for (docs/decisions/061).
      if (request.resourceType() === "eventsource") return;
      network.inFlight.add(request);
      network.lastActivity = Date.now();
      if (request.url().includes(MARKER_PATH)) this.traces.push(`marker request ${request.url()}`);
    });
  }

  /** Opens a page, checks its policy header, waits until `ready` shows it rendered, then checks it. */
  async visit(page: Page, path: string, name: string, ready: () => Promise<void>) {
    if (this.isReported) pagesVisited.add(name);
    const response = await page.goto(path);
    expect(response?.status(), `${name}: ${path}`).toBe(200);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp, `${name}: Content-Security-Policy`).toContain("object-src 'none'");
    await ready();
    await this.settle(page);
    this.titles.set(page, await page.title());
    await this.check(page, name);
  }

  /**
   * Waits until the page has had no request in flight for half a second: images that fail (src=x)
   * and what diagrams load come after the first paint. Counted here rather than with Playwright's
   * "networkidle", which a frame that rewrites its own document (the interactive block's) can keep
   * from ever firing.
   */
  async settle(page: Page) {
    const network = this.network.get(page)!;
    await expect
      .poll(() => network.inFlight.size === 0 && Date.now() - network.lastActivity >= 500, { intervals: [100], timeout: 15_000 })
      .toBe(true);
  }

  /** No trace anywhere: call after every load and interaction. */
  async check(page: Page, where: string) {
    const found: string[] = [];
    for (const frame of page.frames()) {
      let seen: { origin: string; pwned: unknown };
      try {
        seen = await frame.evaluate(() => ({ origin: self.origin, pwned: (window as { __pwned?: unknown }).__pwned }));
      } catch (error) {
        // Only a frame of another origin that is gone or never loaded (a lazy player) may be skipped.
        if (frame.url().startsWith(this.origin)) throw error;
        continue;
      }
      if (seen.origin === this.origin && seen.pwned !== undefined) found.push(`__pwned=${String(seen.pwned)} in ${frame.url()}`);
    }
    const title = await page.title();
    if (title.includes(TITLE_MARK)) found.push(`title "${title}"`);
    // The app itself may blank the title for a moment while it refreshes a page (the recipient page
    // after accepting): wait for it to come back before calling a change a payload's.
    const loaded = this.titles.get(page);
    if (loaded !== undefined && title !== loaded) {
      const settled = await expect
        .poll(() => page.title(), { timeout: 5_000 })
        .toBe(loaded)
        .then(
          () => true,
          () => false,
        );
      if (!settled) found.push(`title changed from "${loaded}" to "${await page.title()}"`);
    }
    found.push(...this.traces.splice(0));
    if (this.isReported) tracesInAppOrigin.push(...found);
    expect(found, `${where}: traces of a payload that ran in the app's origin`).toEqual([]);
  }

  /**
   * Clicks every visible link that leads neither to a web address nor to one of the app's pages:
   * what is left of a payload's script address (javascript:, data:, an emptied href), once per
   * distinct href and target; then checks the page and any window the click opened.
   */
  async clickPayloadLinks(page: Page, where: string) {
    const links = page.getByRole("link");
    const found = await links.evaluateAll((elements) =>
      elements.map((e) => ({ href: e.getAttribute("href"), target: e.getAttribute("target"), isVisible: e.checkVisibility() })),
    );
    const clicked = new Set<string>();
    for (const [i, { href, target, isVisible }] of found.entries()) {
      if (!isVisible || href === null || /^(\/|#|https?:\/\/|mailto:)/i.test(href)) continue;
      const key = `${href}|${target}`;
      if (clicked.has(key)) continue;
      clicked.add(key);
      const before = page.url();
      const popup = target === "_blank" ? this.context.waitForEvent("page", { timeout: 5_000 }).catch(() => null) : null;
      await links.nth(i).click();
      const opened = popup ? await popup : null;
      if (opened) {
        await opened.waitForLoadState().catch(() => {});
        await this.check(opened, `${where}: window opened by link ${key}`);
        await opened.close();
      }
      await this.settle(page);
      await this.check(page, `${where}: after clicking link ${key}`);
      if (page.url() !== before) await page.goBack();
    }
    return clicked.size;
  }
}
