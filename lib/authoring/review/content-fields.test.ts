import { describe, expect, it } from "vitest";
import { changedFields, contentFields, contentText } from "./content-fields";

describe("[REVIEW] a block's content as fields", () => {
  it("names every text field by where it sits, in order, numbers and yes/no included", () => {
    const glossary = { title: "Terms", terms: [{ term: "Leaf", definition: "Green" }, { term: "Root" }], draft: true, height: 300 };
    expect(contentFields(glossary)).toEqual([
      { path: "title", text: "Terms" },
      { path: "terms › 1 › term", text: "Leaf" },
      { path: "terms › 1 › definition", text: "Green" },
      { path: "terms › 2 › term", text: "Root" },
      { path: "draft", text: "true" },
      { path: "height", text: "300" },
    ]);
    expect(contentFields(null)).toEqual([]);
    expect(contentFields("bare")).toEqual([{ path: "content", text: "bare" }]);
  });

  it("keeps a block's words as one text, a field a line, cut at the limit", () => {
    expect(contentText({ body: "  Hello  ", caption: "", alt: "A leaf" })).toBe("Hello\nA leaf");
    expect(contentText({ body: "x".repeat(50) }, 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("lists what a suggestion changes, adds and removes", () => {
    const before = { body: "Old words", caption: "Kept", alt: "Dropped" };
    const after = { body: "New words", caption: "Kept", source: { url: "https://x.test" } };
    expect(changedFields(before, after)).toEqual([
      { path: "body", before: "Old words", after: "New words" },
      { path: "source › url", before: null, after: "https://x.test" },
      { path: "alt", before: "Dropped", after: null },
    ]);
    expect(changedFields(after, after)).toEqual([]);
  });
});
