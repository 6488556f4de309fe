/**
 * Limits per client address where there is no account to count against: the recipient's page
 * (/p/{uuid}: reads, and views counted once per address in a window), the recipient's answers
 * (POST /api/public/proposals/{uuid}/accept|reject), and API keys that fail, on both services and
 * over MCP. Each test speaks from addresses of its own, sent as X-Forwarded-For through a proxy
 * the server trusts, so no count reaches another test.
 */
import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RateLimitedError } from "@/lib/api/rate-limit";
import { API_KEY_PREFIX } from "@/lib/auth/api-key-secret";
import { getDb } from "@/lib/db/client";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { apiClient } from "../api-client";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { createSentProposal, seedCompanyMember, viewColumns } from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) and loads the routes before any window starts.
  const { key } = await seedUser();
  await apiClient(`${server.url}/api/authoring`, key).get("/workspaces");
});
afterAll(() => server.close());

beforeEach(() => {
  // The client's address is the entry the proxy in front appended: the test sends it, and the
  // test server appends the socket's address after it, as Next.js does.
  vi.stubEnv("TRUST_PROXY", "2");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** An address no other test uses (documentation range, IPv6). */
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
const from = (address: string) => ({ "x-forwarded-for": address });

const publicApi = () => apiClient(`${server.url}/api/public`);
const authoring = (key: string) => apiClient(`${server.url}/api/authoring`, key);
const proposals = (key: string) => apiClient(`${server.url}/api/proposals`, key);

/** POST {service}/mcp tools/list with this Authorization header, from this address. */
function mcpList(authorization: string, address: string) {
  return fetch(`${server.url}/api/authoring/mcp`, {
    method: "POST",
    headers: { authorization, ...from(address), "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

function expectRetryAfter(headers: Headers) {
  expect(Number(headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
}

/** The page's read as the page makes it: anonymous, from `address`. */
const readPage = async (uuid: string, address: string) => getPublicProposal(await getDb(), uuid, { viewer: null, address });

describe("[RECIPIENT] answers per client address", () => {
  it("the N+1th accept or reject from one address answers 429 with Retry-After in the app's shape; another address is answered", async () => {
    vi.stubEnv("PUBLIC_ANSWERS_PER_ADDRESS", "3");
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const other = await createSentProposal(ann);
    const guesser = anAddress();
    // Accepts and rejects count together, whatever they answer (here: a refusal of an unknown uuid, then a 400).
    expect((await publicApi().post(`/proposals/00000000-0000-4000-8000-000000000000/reject`, undefined, from(guesser))).status).toBe(404);
    expect((await publicApi().post(`/proposals/${uuid}/accept`, { name: "" }, from(guesser))).status).toBe(400);
    expect((await publicApi().post(`/proposals/${other}/reject`, undefined, from(guesser))).status).toBe(200);

    const refused = await publicApi().post(`/proposals/${uuid}/accept`, { name: "Rita Recipient", consent: true }, from(guesser));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/Too many requests: try again in \d+ s/), code: "rate_limited" });
    expectRetryAfter(refused.headers);
    expect((await publicApi().post(`/proposals/${uuid}/reject`, undefined, from(guesser))).status).toBe(429);

    // Refused before anything was read or written: the proposal is still open for its recipient, at another address.
    const rita = await publicApi().post(`/proposals/${uuid}/accept`, { name: "Rita Recipient", consent: true }, from(anAddress()));
    expect(rita.status, JSON.stringify(rita.body)).toBe(200);
    expect(rita.body.data.status).toBe("accepted");
  });
});

describe("[RECIPIENT] the page per client address", () => {
  it("a view counts once per address in the view window: ten reloads add one, another address adds one more", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const rita = anAddress();
    for (let i = 0; i < 10; i++) expect((await readPage(uuid, rita)).proposal.uuid).toBe(uuid);
    expect((await viewColumns(uuid)).recipientViewCount).toBe(1);

    await readPage(uuid, anAddress());
    expect((await viewColumns(uuid)).recipientViewCount).toBe(2);
    // The same address on another proposal is another view.
    const second = await createSentProposal(ann);
    await readPage(second, rita);
    expect((await viewColumns(second)).recipientViewCount).toBe(1);
  });

  it("once the view window has passed, the same address counts again", async () => {
    vi.stubEnv("PUBLIC_VIEW_WINDOW_SECONDS", "1");
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const rita = anAddress();
    await readPage(uuid, rita);
    await readPage(uuid, rita);
    expect((await viewColumns(uuid)).recipientViewCount).toBe(1);
    await sleep(1100);
    await readPage(uuid, rita);
    expect((await viewColumns(uuid)).recipientViewCount).toBe(2);
  });

  it("the N+1th read from one address is refused with the seconds to wait, and records no view; another address reads", async () => {
    vi.stubEnv("PUBLIC_RATE_LIMIT_PER_ADDRESS", "3");
    vi.stubEnv("PUBLIC_VIEW_WINDOW_SECONDS", "1");
    const ann = await seedCompanyMember(server);
    const uuid = await createSentProposal(ann);
    const reader = anAddress();
    for (let i = 0; i < 3; i++) await readPage(uuid, reader);
    const before = (await viewColumns(uuid)).recipientViewCount;

    const refused = await readPage(uuid, reader).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect((refused as RateLimitedError).retryAfter).toBeGreaterThanOrEqual(1);
    // Unknown uuids are refused too: the budget is the address's, not the proposal's.
    await expect(readPage("00000000-0000-4000-8000-000000000000", reader)).rejects.toMatchObject({ code: "rate_limited" });
    expect((await viewColumns(uuid)).recipientViewCount).toBe(before);

    expect((await readPage(uuid, anAddress())).proposal.uuid).toBe(uuid);
  });
});

describe("[RATE LIMITS] failed API keys per client address", () => {
  it("after 30 failed keys from one address, even a valid key from it answers 429 with Retry-After on both services and MCP; another address is not affected", async () => {
    vi.stubEnv("API_KEY_FAILURES_PER_ADDRESS", undefined); // the default: 30 a minute
    const valid = await seedUser();
    const revoked = await seedUser();
    await (await getDb()).apiKey.update({ where: { id: revoked.apiKeyId }, data: { revokedAt: new Date() } });
    const guesser = anAddress();
    // Malformed headers, unknown keys and a revoked key all count.
    const badHeaders = [
      "Basic dXNlcjpwYXNz",
      "Bearer not-a-key",
      `Bearer ${revoked.key}`,
      ...Array.from({ length: 27 }, (_, i) => `Bearer ${API_KEY_PREFIX}guess${i}${"x".repeat(38)}`),
    ];
    for (const [i, authorization] of badHeaders.entries()) {
      const service = i % 2 ? authoring : proposals;
      const res = await service("").get(i % 2 ? "/workspaces" : "/v3/companies", { authorization, ...from(guesser) });
      expect(res.status, `bad key ${i + 1}`).toBe(401);
    }
    const thirtyFirst = await authoring(`${API_KEY_PREFIX}another${"y".repeat(40)}`).get("/workspaces", from(guesser));
    expect(thirtyFirst.status).toBe(429);

    const rest = await authoring(valid.key).get("/workspaces", from(guesser));
    expect(rest.status).toBe(429);
    expect(rest.body).toEqual({ error: expect.stringMatching(/Too many failed API keys.*try again in \d+ s/), code: "rate_limited" });
    expectRetryAfter(rest.headers);
    const proposalsRest = await proposals(valid.key).get("/v3/companies", from(guesser));
    expect(proposalsRest.status).toBe(429);
    expect(proposalsRest.body).toEqual({ error: { code: "RATE_LIMITED", message: expect.stringMatching(/Too many failed API keys/) } });
    expectRetryAfter(proposalsRest.headers);
    const mcp = await mcpList(`Bearer ${valid.key}`, guesser);
    expect(mcp.status).toBe(429);
    expect(await mcp.json()).toMatchObject({ code: "rate_limited" });
    expectRetryAfter(mcp.headers);

    const elsewhere = anAddress();
    expect((await authoring(valid.key).get("/workspaces", from(elsewhere))).status).toBe(200);
    expect((await proposals(valid.key).get("/v3/companies", from(elsewhere))).status).toBe(200);
    expect((await mcpList(`Bearer ${valid.key}`, elsewhere)).status).toBe(200);
  });

  it("failed keys over MCP count too, and the window's end lifts the refusal", async () => {
    vi.stubEnv("API_KEY_FAILURES_PER_ADDRESS", "2");
    vi.stubEnv("API_KEY_FAILURES_WINDOW_SECONDS", "1");
    const { key } = await seedUser();
    const guesser = anAddress();
    for (let i = 0; i < 2; i++) expect((await mcpList(`Bearer ${API_KEY_PREFIX}nope${i}`, guesser)).status).toBe(401);
    const refused = await authoring(key).get("/workspaces", from(guesser));
    expect(refused.status).toBe(429);
    await sleep(Number(refused.headers.get("retry-after")) * 1000 + 100);
    expect((await authoring(key).get("/workspaces", from(guesser))).status).toBe(200);
  });

  it("successful keys and requests without a key (a browser's) do not count as failed keys", async () => {
    vi.stubEnv("API_KEY_FAILURES_PER_ADDRESS", "3");
    const { key } = await seedUser();
    const address = anAddress();
    const bad = (i: number) => authoring(`${API_KEY_PREFIX}nope${i}`).get("/workspaces", from(address));
    for (let i = 0; i < 5; i++) expect((await authoring(key).get("/workspaces", from(address))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await apiClient(`${server.url}/api/authoring`).get("/workspaces", from(address))).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await bad(i)).status).toBe(401);
    expect((await authoring(key).get("/workspaces", from(address))).status).toBe(200);
    // The third failed key spends the budget: only the failed keys were counted.
    expect((await bad(2)).status).toBe(401);
    expect((await authoring(key).get("/workspaces", from(address))).status).toBe(429);
  });
});
