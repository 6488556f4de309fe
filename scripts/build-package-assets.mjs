// Builds what every course package carries (lib/authoring/exchange/package/assets/, committed):
// player.js, the runtime in the learner's browser; package.css, the Tailwind classes of the block
// renderers; and render-pages.mjs, the page templates write-package renders with (Next's route
// handlers cannot render React to HTML themselves). `npm run package:assets`; a test checks the
// committed files are current (lib/authoring/exchange/package/assets.test.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const packageDir = path.join(root, "lib/authoring/exchange/package");
export const ASSETS_DIR = path.join(packageDir, "assets");

/** The assets' text by file name, built in memory. */
export async function buildPackageAssets() {
  const [{ build }, { default: postcss }, { default: tailwind }] = await Promise.all([
    import("esbuild"),
    import("postcss"),
    import("@tailwindcss/postcss"),
  ]);
  const common = { absWorkingDir: root, bundle: true, write: false, logLevel: "error", legalComments: "none", charset: "utf8" };
  const [player, pages] = await Promise.all([
    build({
      ...common,
      entryPoints: [path.join(packageDir, "runtime/player.ts")],
      format: "iife",
      platform: "browser",
      target: "es2020",
      minify: true,
    }),
    build({
      ...common,
      entryPoints: [path.join(root, "components/package/package-pages.tsx")],
      format: "esm",
      platform: "node",
      target: "node20",
      jsx: "automatic",
      // React, react-markdown and the rest are loaded from node_modules where this runs.
      packages: "external",
      banner: { js: "// Built by npm run package:assets from components/package/package-pages.tsx: do not edit." },
    }),
  ]);
  const cssFrom = path.join(packageDir, "package.tailwind.css");
  const css = await postcss([tailwind({ optimize: { minify: true } })]).process(await fs.readFile(cssFrom, "utf8"), { from: cssFrom });
  return {
    "player.js": player.outputFiles[0].text,
    "package.css": css.css,
    "render-pages.mjs": pages.outputFiles[0].text,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const assets = await buildPackageAssets();
  await fs.mkdir(ASSETS_DIR, { recursive: true });
  for (const [name, text] of Object.entries(assets)) {
    await fs.writeFile(path.join(ASSETS_DIR, name), text);
    console.log(`${path.relative(root, path.join(ASSETS_DIR, name))}: ${Buffer.byteLength(text).toLocaleString("en")} bytes`);
  }
}
