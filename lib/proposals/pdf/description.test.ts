import { Document, Page, renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { flat, pdfText } from "../../../test/pdf-text";
import { renderDescriptionHtml } from "../markdown/render-markdown";
import { parseDescription } from "./description";
import { registerPdfFonts } from "./fonts";
import { Description } from "./proposal-document";

// The PDF reads description_html back (render-markdown.ts's closed subset): what it draws must be
// what the page shows, with every escaped character as the author typed it.
describe("[PDF] the description read back from its HTML", () => {
  it("keeps headings, bold runs, line breaks, left-aligned paragraphs and escaped text", () => {
    const html = renderDescriptionHtml(
      '# Your *new* roof\nLine one & <two>\nLine "three" it\'s\n\n< Left *bold* here\n### [x](data:text/plain,name)',
      { name: "Zoë <b>" },
    );
    expect(parseDescription(html)).toEqual([
      {
        kind: "heading",
        level: 1,
        runs: [
          { text: "Your ", isBold: false },
          { text: "new", isBold: true },
          { text: " roof", isBold: false },
        ],
      },
      {
        kind: "paragraph",
        isLeftAligned: false,
        lines: [[{ text: "Line one & <two>", isBold: false }], [{ text: 'Line "three" it\'s', isBold: false }]],
      },
      {
        kind: "paragraph",
        isLeftAligned: true,
        lines: [
          [
            { text: "Left ", isBold: false },
            { text: "bold", isBold: true },
            { text: " here", isBold: false },
          ],
        ],
      },
      { kind: "heading", level: 3, runs: [{ text: "Zoë <b>", isBold: false }] },
    ]);
  });

  it("keeps bulleted and numbered lists, their first number, and bold in their items", () => {
    const html = renderDescriptionHtml("Included:\n- **Panels** & rails\n- Fitting\n\n3. Survey\n4. *Install*", {});
    expect(parseDescription(html)).toEqual([
      { kind: "paragraph", isLeftAligned: false, lines: [[{ text: "Included:", isBold: false }]] },
      {
        kind: "list",
        isOrdered: false,
        start: 1,
        items: [
          [
            { text: "Panels", isBold: true },
            { text: " & rails", isBold: false },
          ],
          [{ text: "Fitting", isBold: false }],
        ],
      },
      {
        kind: "list",
        isOrdered: true,
        start: 3,
        items: [[{ text: "Survey", isBold: false }], [{ text: "Install", isBold: true }]],
      },
    ]);
  });

  it("reads the HTML an older renderer wrote, without lists, as before", () => {
    // An acceptance record keeps the description_html of its day (decision 036).
    expect(parseDescription('<h2>Scope</h2>\n<p>a<br><strong>b</strong></p>\n<p class="text-left">c</p>')).toEqual([
      { kind: "heading", level: 2, runs: [{ text: "Scope", isBold: false }] },
      { kind: "paragraph", isLeftAligned: false, lines: [[{ text: "a", isBold: false }], [{ text: "b", isBold: true }]] },
      { kind: "paragraph", isLeftAligned: true, lines: [[{ text: "c", isBold: false }]] },
    ]);
  });

  it("prints a bullet before each item of a bulleted list and the numbers of a numbered one", async () => {
    registerPdfFonts();
    const html = renderDescriptionHtml("- Panels\n- Rails\n\n9. Survey\n10. Install\n11. Handover", {});
    const pdf = await renderToBuffer(createElement(Document, null, createElement(Page, null, createElement(Description, { html }))));
    const text = flat((await pdfText(pdf)).pages.join("\n"));
    expect(text).toContain("• Panels • Rails");
    expect(text).toContain("9. Survey 10. Install 11. Handover");
  });

  it("an empty description is nothing to draw", () => {
    expect(parseDescription(renderDescriptionHtml("", {}))).toEqual([]);
  });
});
