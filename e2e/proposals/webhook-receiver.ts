// A webhook receiver on loopback for the specs that start a server with ALLOW_PRIVATE_FETCH=1: it
// keeps every request it gets and answers each path as the test tells it. Below it, what those
// specs share on the API's side: the server's settings, an owner with a key, endpoints, deliveries.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest } from "@playwright/test";
import type { startSmtpServer } from "../../test/smtp";
import { signInViaApi, uniqueEmail } from "../support/helpers";
import { KeyApi } from "../support/http";

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

/** Events committed, and how each reached the receiver: acknowledged once (extra copies carry its id), never, or twice. */
export const deliveryFigures = () => ({ events: 0, acknowledged_once: 0, lost: 0, acknowledged_twice: 0, copies: 0 });

/** Adds how each event reached one endpoint (`path`) of the receiver to `figures`. */
export function tallyDeliveries(figures: ReturnType<typeof deliveryFigures>, receiver: Receiver, path: string, eventIds: string[]) {
  for (const id of eventIds) {
    const copies = receiver.at(path).filter((r) => r.eventId === id);
    const acknowledged = copies.filter((r) => r.acknowledged).length;
    figures.events++;
    figures.copies += copies.length;
    if (acknowledged === 0) figures.lost++;
    else if (acknowledged === 1) figures.acknowledged_once++;
    else figures.acknowledged_twice++;
  }
}

// ---- The servers these specs start, and an owner with an API key ------------------------------------

/** A server that may call loopback receivers, with quick mail and a short delivery lease. */
export const serverEnv = (more: Record<string, string> = {}) => ({
  ALLOW_PRIVATE_FETCH: "1",
  MAIL_POLL_MS: "200",
  WEBHOOK_LEASE_SECONDS: "15",
  SIGN_UP_PER_ADDRESS: "100000",
  ...more,
});

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A new account with an API key made in its own session. With `smtp`, the sign-up mail's link is
 * followed first: the address is verified (owners are mailed at verified addresses only; a buyer's
 * manager and learner are known by their verified address).
 */
export async function accountWithKey(url: string, name: string, smtp?: Smtp) {
  const context = await playwrightRequest.newContext({ baseURL: url });
  try {
    const user = { email: uniqueEmail("hooks").toLowerCase(), password: `pw-${randomBytes(9).toString("base64url")}`, name };
    const signUp = await context.post("/api/account/signup", { data: user });
    expect(signUp.status(), await signUp.text()).toBe(202);
    if (smtp) {
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(user.email), 30_000);
      const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
      expect(link, mail.text).toBeTruthy();
      const verified = await context.get(link!, { maxRedirects: 0 });
      expect(verified.status(), "the verification link redirects onwards").toBeGreaterThanOrEqual(300);
    }
    await signInViaApi(context, user);
    const created = await context.post("/api/authoring/api-keys", { data: { name: "webhooks" }, headers: { origin: url } });
    expect(created.status(), await created.text()).toBe(201);
    return { email: user.email, key: (await created.json()).key as string };
  } finally {
    await context.dispose();
  }
}

/** A new user who owns a company, with an API key (`api` on the proposals API); see accountWithKey for `smtp`. */
export async function newOwner(url: string, verify?: { smtp: Smtp }) {
  const { email, key } = await accountWithKey(url, "Hook Owner", verify?.smtp);
  const api = new KeyApi(url, key, "/api/proposals");
  const company = (await api.ok("POST", "/v3/companies", { name: `Hooks ${randomBytes(2).toString("hex")}` })).data as { id: number };
  return { api, key, companyId: company.id, email };
}

export type Owner = Awaited<ReturnType<typeof newOwner>>;

export async function register(owner: Owner, url: string, events = ["proposal.sent"]) {
  const { data } = await owner.api.ok("POST", "/v3/webhooks", { company_id: owner.companyId, url, events });
  return data as { id: number; secret: string };
}

export type Delivery = {
  id: number;
  event_id: string;
  type: string;
  status: string;
  attempts: { status_code: number | null; duration_ms: number; error: string | null }[];
};

export const deliveriesOf = async (api: KeyApi, webhookId: number) =>
  (await api.ok("GET", `/v3/webhooks/${webhookId}/deliveries`)).data as Delivery[];

/** Waits until every delivery of the endpoint is settled (not pending), and answers them. */
export async function settled(api: KeyApi, webhookId: number, count: number, timeout = 60_000) {
  let last: Delivery[] = [];
  await expect
    .poll(
      async () => {
        last = await deliveriesOf(api, webhookId);
        return last.length === count && last.every((d) => d.status !== "pending");
      },
      { timeout, intervals: [250], message: `${count} settled deliveries of endpoint ${webhookId}` },
    )
    .toBe(true);
  return last;
}

/** A few of the workers' polls (200 ms each) after the last expected request: a copy would show up by then. */
export const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 2_000));
