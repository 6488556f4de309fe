import { describe, expect, it } from "vitest";
import { stableJson, versionText } from "./block-versions";
import type { BlockDto } from "./queries";

const block = (fields: Partial<BlockDto>) => ({ type: "text", content: null, question: null, quiz: null, ...fields }) as BlockDto;

describe("[EDITOR] versions of a block", () => {
  it("compares content whatever order its keys come back in", () => {
    expect(stableJson({ content: { title: "T", terms: [{ term: "a", definition: "b" }] } })).toBe(
      stableJson({ content: { terms: [{ definition: "b", term: "a" }], title: "T" } }),
    );
    expect(stableJson({ content: { body: "a" } })).not.toBe(stableJson({ content: { body: "b" } }));
  });

  it("shows every text an author wrote, so choosing a version never hides one", () => {
    expect(versionText(block({ content: { body: "Line one\nLine two" } }))).toBe("Line one\nLine two");
    expect(
      versionText(block({ type: "glossary", content: { title: "Terms", terms: [{ term: "Atom", definition: "Smallest unit" }] } })),
    ).toBe("Terms\n\nAtom\n\nSmallest unit");
    expect(versionText(block({ content: { body: "  " } }))).toBe("(empty)");
    expect(versionText(block({ type: "quiz", quiz: { id: "q", title: "Checkpoint" } }))).toBe("Quiz: Checkpoint");
  });
});
