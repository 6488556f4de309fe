import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { ASSETS_DIR, buildPackageAssets } from "@/scripts/build-package-assets.mjs";

describe("package assets", () => {
  test("[PACKAGE] the committed runtime, stylesheet and page templates are those their sources build (npm run package:assets)", async () => {
    const built = await buildPackageAssets();
    for (const [name, text] of Object.entries(built)) {
      const committed = await readFile(path.join(ASSETS_DIR, name), "utf8").catch(() => "");
      expect(committed === text, `assets/${name} is out of date: run npm run package:assets`).toBe(true);
    }
    // The stylesheet has the block renderers' classes, and the runtime the server's scoring rule.
    expect(built["package.css"]).toContain(".border-amber-400");
    expect(built["package.css"]).toContain(".md\\:block");
    expect(built["player.js"]).toContain("You scored");
  });
});
