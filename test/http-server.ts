/**
 * A real HTTP server in the test process that serves the app's route handlers (app/api) the way
 * Next.js routes them, so integration tests speak HTTP to the real pipeline and database without
 * a production build. Browser-level checks against `next start` live in e2e/.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

type RouteModule = Record<string, unknown>;

// The API's routes, the few beside pages (/p/{uuid}/pdf) that bind an endpoint too, and the
// well-known documents (/.well-known/jwks.json).
const modules = import.meta.glob<RouteModule>(["/app/api/**/route.ts", "/app/p/**/route.ts", "/app/.well-known/**/route.ts"]);

type Route = { segments: string[]; load: () => Promise<RouteModule> };

const routes: Route[] = Object.entries(modules).map(([file, load]) => ({
  segments: file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .split("/")
    .filter(Boolean),
  load,
}));

type Params = Record<string, string | string[]>;

function match(pathname: string): { route: Route; params: Params } | undefined {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  let best: { route: Route; params: Params; score: string } | undefined;
  for (const route of routes) {
    // A catch-all (next-auth's [...nextauth]) takes the rest of the path and loses to any other match.
    const last = route.segments.at(-1) ?? "";
    const catchAll = last.startsWith("[...");
    if (catchAll ? parts.length < route.segments.length : route.segments.length !== parts.length) continue;
    const params: Params = {};
    let score = "";
    let ok = true;
    route.segments.forEach((segment, i) => {
      if (catchAll && i === route.segments.length - 1) {
        params[segment.slice(4, -1)] = parts.slice(i);
        score = score.padEnd(parts.length, "/");
      } else if (segment.startsWith("[")) {
        params[segment.slice(1, -1)] = parts[i];
        score += "0";
      } else if (segment === parts[i]) score += "1";
      else ok = false;
    });
    // A static segment wins over a dynamic one, as in Next.js.
    if (ok && (!best || score > best.score)) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}

/** A request's body as a web stream; cancelling it discards the rest of the upload instead of closing the socket, so the answer still goes out. */
function bodyStream(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  const iterator = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value as Buffer));
    },
    cancel() {
      req.removeAllListeners("data");
      req.resume();
    },
  });
}

export type TestServer = { url: string; close: () => Promise<void> };

export async function startTestServer(): Promise<TestServer> {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const found = match(url.pathname);
      if (!found) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "No such route" }));
        return;
      }
      const mod = await found.route.load();
      const handler = mod[req.method ?? "GET"];
      if (typeof handler !== "function") {
        res.writeHead(405).end();
        return;
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
        else if (value !== undefined) headers.set(key, value);
      }
      // As Next.js does: the address the connection came from, last in x-forwarded-for.
      const remote = req.socket.remoteAddress ?? "";
      headers.set("x-forwarded-for", [req.headers["x-forwarded-for"], remote].filter(Boolean).join(", "));
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      // The body streams to the handler as it arrives (as in Next.js), so the handler decides how much of it to read.
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? bodyStream(req) : undefined,
        duplex: "half",
      } as RequestInit);
      const response: Response = await handler(request, { params: Promise.resolve(found.params) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) {
        res.end();
        return;
      }
      // Streamed as the handler makes it (a course package is never whole in memory); a stream that
      // fails part-way breaks the connection, as in Next.js, so the client sees a broken download.
      const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
      body.on("error", (error) => res.destroy(error));
      body.pipe(res);
    } catch (error) {
      // The pipeline catches everything; reaching here is a bug the test should see.
      res.writeHead(599).end(String(error));
    }
  });
  // Node's 5 s: the client (undici) keeps an idle socket until 2 s before the server's hint, and a
  // loaded test process that misses that moment sends on a socket the server is closing: ECONNRESET
  // (course-archive's 2,000-block export, after a 10 s set-up, in a full run). A minute keeps the
  // gaps between a test's requests far from that edge.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // A file's last requests may leave their connections open (kept alive, or a body the test did
    // not read to the end): they end with the file, not when their client lets them go.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
