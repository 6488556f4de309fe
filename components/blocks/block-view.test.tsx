import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlockView } from "./block-view";

const block = (type: string, content: unknown) => ({
  id: "00000000-0000-4000-8000-000000000001",
  type,
  position: 0,
  content,
  question_role: null,
  question: null,
  quiz: null,
});

describe("[BLOCKS] renderers", () => {
  it("renders a block type it does not know (from a newer server) as a small note, not an error", () => {
    const html = renderToStaticMarkup(<BlockView block={block("hologram", { beam: 3 })} />);
    expect(html).toContain("This block cannot be shown.");
  });

  it("never passes raw HTML in markdown through", () => {
    const html = renderToStaticMarkup(<BlockView block={block("text", { body: "Hi <img src=x onerror=alert(1)> **bold**" })} />);
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toContain("<img");
  });

  it("shows an SVG image through an img data URL, so its scripts cannot run", () => {
    const html = renderToStaticMarkup(
      <BlockView
        block={block("image", {
          source: { type: "svg", code: "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>" },
          alt: "x",
        })}
      />,
    );
    expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml/);
    expect(html).not.toContain("<script");
  });
});
