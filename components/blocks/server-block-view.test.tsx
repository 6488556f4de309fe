import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { BlockView } from "./block-view";
import { ServerBlockView } from "./server-block-view";

const block = (type: string, content: unknown) => ({
  id: "00000000-0000-4000-8000-000000000002",
  type,
  position: 0,
  content,
  question_role: null,
  question: null,
  quiz: null,
});

// An SVG with half a surrogate pair cannot be put in a data URL: encodeURIComponent throws.
const unencodable = block("image", { source: { type: "svg", code: "<svg>\ud800</svg>" }, alt: "x" });

describe("[BLOCKS] server rendering", () => {
  it("renders markdown to HTML on the server, raw HTML in it as text", () => {
    const html = renderToStaticMarkup(<ServerBlockView block={block("text", { body: "Wear a **hard hat** <b onclick=x>now</b>" })} />);
    expect(html).toContain("<strong>hard hat</strong>");
    expect(html).not.toContain("<b ");
    expect(html).toContain('data-block-type="text"');
  });

  it("shows a note for a block whose renderer throws, and the rest of the page stays", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = renderToStaticMarkup(
      <>
        <ServerBlockView block={unencodable} />
        <ServerBlockView block={block("text", { body: "Still here" })} />
      </>,
    );
    expect(html).toContain("This block cannot be shown.");
    expect(html).toContain("Still here");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("renders the same HTML as the browser's BlockView for a block without islands", () => {
    const scenario = block("scenario", { body: "A *fire* alarm rings.", reveal: "Leave by the nearest exit." });
    expect(renderToStaticMarkup(<ServerBlockView block={scenario} />)).toBe(renderToStaticMarkup(<BlockView block={scenario} />));
  });
});
