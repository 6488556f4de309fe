// A webhook receiver on loopback for the specs that start a server with ALLOW_PRIVATE_FETCH=1: it
// keeps every request it gets and answers each path as the test tells it.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * How a path answers: `ok` 204; `fail` 500; `stall` reads the request and never answers (a test
 * then kills the server mid-delivery); `hang` the same, until the sender gives up; `redirect` 302
 * to /elsewhere; `huge` announces 100 MB and writes until the sender hangs up.
 */
export type Behaviour = "ok" | "fail" | "stall" | "hang" | "redirect" | "huge";

export type Received = {
  path: string;
  eventId: string;
  signature: string;
  body: string;
  at: number;
  /** Whether this request was answered 2xx: the sender saw it delivered. */
  acknowledged: boolean;
};

export type Receiver = {
  url: (path: string) => string;
  received: Received[];
  /** What `path` answers from now on: one behaviour, or one per request (the last one stays). */
  answer: (path: string, ...plan: Behaviour[]) => void;
  /** Requests to `path` (all paths when omitted). */
  at: (path?: string) => Received[];
  /** Bytes a `huge` answer wrote before the sender hung up. */
  hugeBytesSent: () => number;
  close: () => Promise<void>;
};

/** The HMAC check of docs/webhooks.md, written out here again so the app's own signing code is not what checks it. */
export function isSignedBy(secret: string, received: Pick<Received, "body" | "signature">): boolean {
  const parts = Object.fromEntries(received.signature.split(",").map((part) => part.split("=")));
  if (!/^\d+$/.test(parts.t ?? "") || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  const expected = createHmac("sha256", Buffer.from(secret, "utf8")).update(`${parts.t}.${received.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex"));
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const plans = new Map<string, Behaviour[]>();
  let hugeBytes = 0;
  const next = (path: string): Behaviour => {
    const plan = plans.get(path) ?? ["ok"];
    return plan.length > 1 ? plan.shift()! : plan[0];
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0];
      const entry: Received = {
        path,
        eventId: String(req.headers["coursewright-event-id"] ?? ""),
        signature: String(req.headers["coursewright-signature"] ?? ""),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        acknowledged: false,
      };
      received.push(entry);
      const behaviour = next(path);
      if (behaviour === "ok") {
        entry.acknowledged = true;
        res.writeHead(204).end();
      } else if (behaviour === "fail") res.writeHead(500, { "content-type": "text/plain" }).end("receiver is down");
      else if (behaviour === "redirect") res.writeHead(302, { location: "/elsewhere" }).end();
      else if (behaviour === "huge") {
        const total = 100 * 1024 * 1024;
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(total) });
        const chunk = Buffer.alloc(64 * 1024, 120);
        const pump = () => {
          while (hugeBytes < total && !res.destroyed) {
            hugeBytes += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      } else {
        // stall, hang: the request is read and never answered.
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, ...plan) => plans.set(path, plan.length ? plan : ["ok"]),
    at: (path) => (path ? received.filter((r) => r.path === path) : [...received]),
    hugeBytesSent: () => hugeBytes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
