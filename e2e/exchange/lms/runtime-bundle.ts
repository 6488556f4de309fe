// The package runtime's LMS connection, bundled for a test page the way the player bundles it.
import path from "node:path";
import { build } from "esbuild";

/** connect.ts as one script that sets window.PackageRuntime = { connectTracker }. */
export async function bundleConnect(): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve("lib/authoring/exchange/package/runtime/connect.ts")],
    bundle: true,
    format: "iife",
    globalName: "PackageRuntime",
    platform: "browser",
    target: "es2020",
    write: false,
  });
  return result.outputFiles[0].text;
}

/** A page that loads the bundle and nothing else: the tests drive the Tracker from it. */
export const ADAPTER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Adapter test</title><script src="runtime.js"></script></head>
<body><p>Adapter test page</p></body></html>`;
