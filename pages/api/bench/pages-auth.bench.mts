// GET /api/bench/pages-auth: /api/bench/auth's work (the app's API-key lookup; POST also reads the
// JSON body) served by a Pages Router API route instead of an App Router route handler, through the
// adapter any API served this way would need: Node's request made a Web `Request` for the app's
// admission, its answer written to Node's response. It shows what the API's small requests could
// cost in the Pages Router (bench/README.md). The benchmark's build only.
import type { IncomingMessage, ServerResponse } from "node:http";
import { admit } from "@/lib/api/admit";
import { readJsonBody } from "@/lib/api/route-handler";
import { appService } from "@/lib/app/service";

// The body is the app's to read (capped, as route handlers read it), not Next.js's parser's.
export const config = { api: { bodyParser: false } };

const KEY_LOOKUP = { isKeyLimited: false } as const;

/** Node's request as a Web `Request`: its headers, and its body as read so far. */
async function webRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  if (req.method === "GET" || req.method === "HEAD") return new Request(url, { method: req.method, headers });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) });
}

async function send(res: ServerResponse, response: Response) {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export default async function handler(req: IncomingMessage, res: ServerResponse) {
  const request = await webRequest(req);
  const readBody = request.method === "POST" ? (r: Request) => readJsonBody(r, false, appService.bodyLimits.json) : undefined;
  const admitted = await admit(request, appService, { ...KEY_LOOKUP, readBody });
  if (admitted instanceof Response) return send(res, admitted);
  const answer: Record<string, unknown> = { user_id: admitted.caller.userId };
  if (readBody) answer.fields = Object.keys(admitted.body ?? {}).length;
  res.statusCode = 200;
  res.setHeader("content-type", "application/json");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(answer));
}
