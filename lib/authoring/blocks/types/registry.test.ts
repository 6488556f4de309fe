import { describe, expect, it } from "vitest";
import { BLOCK_MENU, BLOCK_TYPE_DEFINITIONS, BLOCK_TYPES, blockTypeLabel, contentFitsType, isBlockType } from "./registry";

describe("[BLOCKS] block-type registry", () => {
  it("[BLOCKS] a new block of each type starts with content its own parser reads, so its form and preview fit at once", () => {
    for (const definition of BLOCK_TYPE_DEFINITIONS) {
      if (!("content" in definition)) continue;
      expect(definition.content.parse(definition.content.initial()), definition.type).not.toBeNull();
      expect(contentFitsType(definition.type, definition.content.initial())).toBe(true);
    }
  });

  it("[BLOCKS] the API's enum and the editor's menu each list every type once", () => {
    expect(new Set(BLOCK_TYPES).size).toBe(BLOCK_TYPES.length);
    expect(BLOCK_MENU.map((d) => d.type).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it("[BLOCKS] a type this server does not know is an unknown block with no shape to miss", () => {
    expect(isBlockType("hologram")).toBe(false);
    expect(isBlockType("constructor")).toBe(false);
    expect(blockTypeLabel("hologram")).toBe("Unknown block");
    expect(contentFitsType("hologram", { beam: 3 })).toBe(true);
    expect(contentFitsType("video", { source: { type: "vimeo" } })).toBe(false);
  });
});
