/**
 * A small static file server on the loopback address, for browser tests of files the app makes
 * (an unpacked course package): `GET /path` answers the file under `root`, with its type.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/xml",
  ".xsd": "application/xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

/** The Content-Type a file is served with, by its extension. */
export const contentType = (name: string) => TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";

/** The file at `name` under `root` (a directory's index.html), or null when there is none or it lies outside. */
export function fileUnder(root: string, name: string): string | null {
  const base = path.resolve(root);
  let file = path.join(base, name);
  if (file !== base && !file.startsWith(base + path.sep)) return null;
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

export type StaticServer = { url: string; close: () => Promise<void> };

/** Serves `root` at the returned `url` (http://127.0.0.1:<port>, no trailing slash) until closed. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    const file = fileUnder(root, decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname));
    if (!file || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    res.writeHead(200, { "content-type": contentType(file) });
    if (req.method === "HEAD") res.end();
    else fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
