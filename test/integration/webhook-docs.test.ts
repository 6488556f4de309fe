/**
 * The webhooks guide's snippets work as written (docs/webhooks.md, shown at /docs/webhooks): the
 * Node.js and the Python receiver are taken out of the guide as a reader copies them, run as
 * programs (node, python3) on loopback, and sent real deliveries by the worker
 * (deliverDueWebhooks). A genuine delivery is verified and handled once, a redelivery of it is
 * answered but not handled again, and a changed body, an old timestamp or another secret is
 * refused. Loopback is a private address: ALLOW_PRIVATE_FETCH=1 here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { readGuide } from "@/lib/docs/guides";
import { signWebhook } from "@/lib/webhooks/signature";
import { deliverDueWebhooks } from "@/lib/webhooks/worker";
import { startTestServer, type TestServer } from "../http-server";
import { createSentProposal, seedCompanyMember, type CompanyMember } from "../proposals-factories";

/** The guide's fenced code blocks, as a reader copies them. */
function codeBlocks(markdown: string): { language: string; code: string }[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ language: m[1], code: m[2] }));
}

const guide = readGuide("webhooks");
const snippetOf = (language: string) => {
  const blocks = codeBlocks(guide).filter((b) => b.language === language);
  expect(blocks, `one ${language} block in docs/webhooks.md`).toHaveLength(1);
  return blocks[0].code;
};

let server: TestServer;
let dir: string;
beforeAll(async () => {
  [server] = await Promise.all([startTestServer(), getDb()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-docs-"));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.stubEnv("ALLOW_PRIVATE_FETCH", "1");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

// ---- The snippet as a running receiver --------------------------------------------------------------

type Receiver = { url: string; output: () => string; handled: () => string[]; stop: () => Promise<void> };

/** Runs a snippet with the endpoint's secret and a port of the system's choosing; resolves once it listens. */
async function runSnippet(command: string, file: string, secret: string): Promise<Receiver> {
  const child: ChildProcess = spawn(command, [file], {
    env: { ...process.env, COURSEWRIGHT_WEBHOOK_SECRET: secret, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not listen:\n${output}`)), 15_000);
    const look = () => {
      const found = /listening on port (\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hooks/coursewright`,
    output: () => output,
    handled: () => [...output.matchAll(/^handled (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const deliver = async () => deliverDueWebhooks(await getDb());

async function deliveries(owner: CompanyMember, webhookId: number) {
  const res = await owner.api.get(`/v3/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; event_id: string; type: string; status: string; attempts: { status_code: number | null }[] }[];
}

/** A POST to the receiver as someone other than the app might send it. */
async function post(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  await res.arrayBuffer();
  return res.status;
}

// ---- The tests ---------------------------------------------------------------------------------------

describe.each([
  { name: "Node.js", language: "js", command: process.execPath, file: "receiver.js" },
  { name: "Python", language: "python", command: "python3", file: "receiver.py" },
])("[WEBHOOKS] the guide's $name snippet", ({ language, command, file }) => {
  it("[WEBHOOKS] verifies a real delivery and handles its event once; refuses a changed body, an old timestamp and another secret", async () => {
    const program = path.join(dir, file);
    fs.writeFileSync(program, snippetOf(language));

    const owner = await seedCompanyMember(server);
    const created = await owner.api.post("/v3/webhooks", {
      company_id: owner.company.id,
      url: "http://127.0.0.1:9/not-yet",
      events: ["proposal.sent"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id: webhookId, secret } = created.body.data as { id: number; secret: string };
    const receiver = await runSnippet(command, program, secret);
    try {
      expect((await owner.api.patch(`/v3/webhooks/${webhookId}`, { url: receiver.url })).status).toBe(200);

      // A real event, signed by the worker: verified (204) and handled once.
      const uuid = await createSentProposal(owner);
      await deliver();
      const [sent] = await deliveries(owner, webhookId);
      expect(sent, receiver.output()).toMatchObject({ type: "proposal.sent", status: "delivered", attempts: [{ status_code: 204 }] });
      expect(receiver.handled()).toEqual([`${sent.event_id} proposal.sent`]);

      // Redelivered: the same event id, answered 2xx and not handled a second time.
      const again = await owner.api.post(`/v3/webhooks/${webhookId}/deliveries/${sent.id}/redeliver`);
      expect(again.status).toBe(201);
      await deliver();
      const [redelivered] = await deliveries(owner, webhookId);
      expect(redelivered).toMatchObject({ event_id: sent.event_id, status: "delivered", attempts: [{ status_code: 204 }] });
      expect(receiver.handled()).toEqual([`${sent.event_id} proposal.sent`]);

      // The body exactly as it was sent, signed by hand: a fresh signature passes, anything off is refused.
      const db = await getDb();
      const [row] = await db.$queryRaw<{ body: string }[]>`SELECT payload::text AS body FROM webhook_deliveries WHERE id = ${sent.id}`;
      expect(JSON.parse(row.body).data.proposal.uuid).toBe(uuid);
      const now = Math.floor(Date.now() / 1000);
      const headers = (signature: string, eventId = randomUUID()) => ({
        "coursewright-signature": signature,
        "coursewright-event-id": eventId,
      });
      const changed = row.body.replace(uuid, randomUUID());
      expect(await post(receiver.url, changed, headers(signWebhook(secret, row.body, now)))).toBe(400);
      expect(await post(receiver.url, row.body, headers(signWebhook(secret, row.body, now - 600)))).toBe(400);
      expect(await post(receiver.url, row.body, headers(signWebhook("whsec_another", row.body, now)))).toBe(400);
      expect(await post(receiver.url, row.body, headers("v1=deadbeef"))).toBe(400);
      expect(await post(receiver.url, row.body, headers(""))).toBe(400);
      expect(await post(receiver.url, row.body, headers(signWebhook(secret, row.body, now)))).toBe(204);

      // After rotating, deliveries are signed with a secret the receiver does not have: refused.
      expect((await owner.api.post(`/v3/webhooks/${webhookId}/rotate-secret`)).status).toBe(200);
      expect((await owner.api.post(`/v3/webhooks/${webhookId}/test`)).status).toBe(201);
      await deliver();
      const [test] = await deliveries(owner, webhookId);
      expect(test).toMatchObject({ type: "webhook.test", status: "pending", attempts: [{ status_code: 400 }] });
      expect(receiver.handled()).toHaveLength(2);
    } finally {
      await receiver.stop();
    }
  });
});
