// Builds the recipient page's script (components/proposals/recipient/hydrate.tsx): React and the
// page's components, bundled on their own, without the app's framework (docs/decisions/049).
// Written to public/recipient/ (not committed) under a name that changes with its content, with
// manifest.json naming it for pages/p/[uuid].tsx. Run before every build (scripts/ensure-build.mjs,
// npm run build, npm run dev); a second run over the same sources writes the same file.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const RECIPIENT_SCRIPT_DIR = path.join(root, "public/recipient");

export async function buildRecipientScript({ quiet = false } = {}) {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, "components/proposals/recipient/hydrate.tsx")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    legalComments: "none",
    charset: "utf8",
    logLevel: "error",
    // Minified for the browser, esbuild builds React's production code (NODE_ENV is "production").
  });
  const text = result.outputFiles[0].text;
  const { createHash } = await import("node:crypto");
  const name = `recipient-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.js`;
  await fs.mkdir(RECIPIENT_SCRIPT_DIR, { recursive: true });
  for (const old of await fs.readdir(RECIPIENT_SCRIPT_DIR)) {
    if (old !== name) await fs.rm(path.join(RECIPIENT_SCRIPT_DIR, old));
  }
  await fs.writeFile(path.join(RECIPIENT_SCRIPT_DIR, name), text);
  await fs.writeFile(path.join(RECIPIENT_SCRIPT_DIR, "manifest.json"), `${JSON.stringify({ script: `/recipient/${name}` })}\n`);
  if (!quiet) console.log(`public/recipient/${name}: ${Buffer.byteLength(text).toLocaleString("en")} bytes`);
  return name;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildRecipientScript();
