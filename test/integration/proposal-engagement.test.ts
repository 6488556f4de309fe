/**
 * Proposal engagement (issue 42, docs/decisions/064): the customer's page reports how long each
 * block of a sent proposal was on screen in a view (POST /api/public/proposals/{uuid}/engagement,
 * public, its own budget per address), and the company's members read it with a score
 * (GET /api/proposals/v3/proposals/{uuid}/engagement, JSON or CSV). A view's reports merge per
 * block, the larger figure winning; anything refused stores nothing; a member's preview is never
 * counted; nothing about the reader is kept.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { signedInClient } from "../accounts";
import { NO_SUCH_ID } from "../expect";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  joinCompany,
  minutesAgo,
  proposalsClient,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedPricedItem,
  setProposalColumns,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test.
  await seedCompanyMember(server);
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** An address no other test uses (documentation range, IPv6), sent through a proxy the server trusts. */
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

type BlockReport = { block_uuid: string; seconds: unknown };

/** A sent proposal of `titles.length` blocks (the first optional, for the customer to leave out); answers its uuid and block uuids. */
async function sentWithBlocks(seller: CompanyMember, titles = ["Solar panel", "Inverter", "Battery", "Installation"]) {
  const items = await Promise.all(titles.map((title) => seedPricedItem({ companyId: seller.company.id, title: { en: title } })));
  const uuid = await createSentProposal(seller, {
    title_md: "Roof offer",
    blocks: items.map((item, index) => ({ content_id: item.variationId, ...(index === 0 ? { optional: true } : {}) })),
  });
  const blocks = ((await readProposal(seller.api, uuid)).blocks as { uuid: string }[]).map((block) => block.uuid);
  return { uuid, blocks };
}

/** POST the report as the customer's page sends it (no cookie; a desktop browser unless told). */
function report(uuid: string, body: unknown, headers: Record<string, string> = {}) {
  return publicClient(server).post(`/proposals/${uuid}/engagement`, body, { "user-agent": DESKTOP, ...headers });
}

const seconds = (entries: [string, unknown][]): BlockReport[] => entries.map(([block_uuid, s]) => ({ block_uuid, seconds: s }));

/** What is stored of a proposal's views, straight from the database, in the order they were made. */
async function storedViews(uuid: string) {
  const db = await getDb();
  return db.proposalViewEngagement.findMany({ where: { proposalId: uuid }, orderBy: { createdAt: "asc" } });
}

function expectAccepted(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toEqual({ data: { accepted: true } });
  // No cookie is ever set: the page keeps nothing in the browser either.
  expect(res.headers.get("set-cookie")).toBeNull();
}

/** A 400 in the app's error shape whose issues (if any) name `path`. */
function expectRefused(res: { status: number; body: any }, path?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ code: "validation_error", error: expect.any(String) });
  if (path !== undefined) expect(res.body.details.issues.map((i: { path: string }) => i.path)).toContain(path);
}

describe("[ENGAGEMENT] the customer's page reports time on screen", () => {
  it("stores a view's seconds per block; a later report of the view keeps the larger figure per block and adds the total up again", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const [b1, b2, b3] = blocks;
    const view = randomUUID();

    expectAccepted(
      await report(uuid, {
        view_id: view,
        blocks: seconds([
          [b1, 10],
          [b2, 4],
        ]),
      }),
    );
    // A report that arrives late (smaller figures for b1) takes nothing away; b3 is new.
    expectAccepted(
      await report(uuid, {
        view_id: view,
        blocks: seconds([
          [b1, 6],
          [b3, 7.4],
        ]),
      }),
    );
    // The same block twice in one report: its larger figure counts.
    expectAccepted(
      await report(uuid, {
        view_id: view,
        blocks: seconds([
          [b2, 5],
          [b2, 9],
        ]),
      }),
    );

    const [row] = await storedViews(uuid);
    expect(row.blocks).toEqual({ [b1]: 10, [b2]: 9, [b3]: 7 });
    expect(row.totalSeconds).toBe(26);
    expect(row.device).toBe("desktop");
    // Nothing about the reader: no address, no User-Agent, no cookie; only the view and its figures.
    expect(Object.keys(row).sort()).toEqual(["blocks", "createdAt", "device", "proposalId", "totalSeconds", "updatedAt", "viewId"]);
    expect(JSON.stringify(row)).not.toContain("Mozilla");

    // Another view is a row of its own; device as the page says, or as the User-Agent says when it does not.
    expectAccepted(await report(uuid, { view_id: randomUUID(), device: "phone", blocks: seconds([[b1, 3]]) }));
    expectAccepted(await report(uuid, { view_id: randomUUID(), blocks: seconds([[b2, 2]]) }, { "user-agent": IPHONE }));
    expect((await storedViews(uuid)).map((v) => v.device)).toEqual(["desktop", "phone", "phone"]);
  });

  it("clips a block's seconds at 3600 in a view, rounds to whole seconds, and ignores blocks of other proposals", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const other = await sentWithBlocks(seller);
    const view = randomUUID();
    const res = await report(uuid, {
      view_id: view,
      blocks: seconds([
        [blocks[0], 5000],
        [blocks[1].toUpperCase(), 12.6],
        [other.blocks[0], 30],
        ["0123abcd", 40],
      ]),
    });
    expectAccepted(res);
    // A later, larger report cannot pass the clip either.
    expectAccepted(await report(uuid, { view_id: view, blocks: seconds([[blocks[0], 1e9]]) }));
    const [row] = await storedViews(uuid);
    expect(row.blocks).toEqual({ [blocks[0]]: 3600, [blocks[1]]: 13 });
    expect(row.totalSeconds).toBe(3613);
    expect(await storedViews(other.uuid)).toEqual([]);
  });

  it("takes 120 blocks in a report and refuses 121, storing nothing", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const filler = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ block_uuid: `${i.toString(16).padStart(8, "0")}-0000`, seconds: 1 }));
    const refused = await report(uuid, { view_id: randomUUID(), blocks: [{ block_uuid: blocks[0], seconds: 8 }, ...filler(120)] });
    expectRefused(refused, "blocks");
    expect(await storedViews(uuid)).toEqual([]);

    expectAccepted(await report(uuid, { view_id: randomUUID(), blocks: [{ block_uuid: blocks[0], seconds: 8 }, ...filler(119)] }));
    expect((await storedViews(uuid)).map((v) => v.blocks)).toEqual([{ [blocks[0]]: 8 }]);
  });

  it("refuses negative, missing or non-number seconds (a string, NaN sent as a string), malformed block uuids and view ids, storing nothing", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const bad: [unknown, string][] = [
      [{ view_id: randomUUID(), blocks: seconds([[blocks[0], -1]]) }, "blocks.0.seconds"],
      [{ view_id: randomUUID(), blocks: seconds([[blocks[0], "5"]]) }, "blocks.0.seconds"],
      [{ view_id: randomUUID(), blocks: seconds([[blocks[0], "NaN"]]) }, "blocks.0.seconds"],
      [{ view_id: randomUUID(), blocks: [{ block_uuid: blocks[0] }] }, "blocks.0.seconds"],
      [{ view_id: randomUUID(), blocks: seconds([["not a block!", 5]]) }, "blocks.0.block_uuid"],
      [{ view_id: randomUUID(), blocks: seconds([["a".repeat(65), 5]]) }, "blocks.0.block_uuid"],
      [{ view_id: randomUUID(), blocks: seconds([["", 5]]) }, "blocks.0.block_uuid"],
      [{ view_id: "view-1", blocks: seconds([[blocks[0], 5]]) }, "view_id"],
      [{ blocks: seconds([[blocks[0], 5]]) }, "view_id"],
      [{ view_id: randomUUID(), device: "tablet", blocks: [] }, "device"],
      [{ view_id: randomUUID(), blocks: [], reader: "rita@example.test" }, "reader"],
    ];
    for (const [body, path] of bad) expectRefused(await report(uuid, body), path);
    // JSON cannot carry NaN or Infinity: a body that writes them is not JSON at all.
    const raw = await fetch(`${server.url}/api/public/proposals/${uuid}/engagement`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"view_id":"${randomUUID()}","blocks":[{"block_uuid":"${blocks[0]}","seconds":NaN}]}`,
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: "invalid_json" });
    expect(await storedViews(uuid)).toEqual([]);
  });

  it("measures only a sent proposal awaiting its answer: a draft, a withdrawn, an expired or an accepted one is 400 and stores nothing", async () => {
    const seller = await seedCompanyMember(server);
    const item = await seedPricedItem({ companyId: seller.company.id });
    const draft = await createDraft(seller, { blocks: [{ content_id: item.variationId }] });
    const withdrawn = await sentWithBlocks(seller);
    expect((await seller.api.post(`/v3/proposals/${withdrawn.uuid}/withdraw`)).status).toBe(200);
    const expired = await sentWithBlocks(seller);
    await setProposalColumns(expired.uuid, { expiresAt: minutesAgo(5) });
    const accepted = await sentWithBlocks(seller);
    await setProposalColumns(accepted.uuid, { status: "accepted" });

    const cases: [string, string, RegExp][] = [
      [draft, ((await readProposal(seller.api, draft)).blocks[0] as { uuid: string }).uuid, /status is draft$/],
      [withdrawn.uuid, withdrawn.blocks[0], /status is withdrawn$/],
      [expired.uuid, expired.blocks[0], /status is expired$/],
      [accepted.uuid, accepted.blocks[0], /status is accepted$/],
    ];
    for (const [uuid, block, message] of cases) {
      const res = await report(uuid, { view_id: randomUUID(), blocks: seconds([[block, 12]]) });
      expectRefused(res);
      expect(res.body.error).toMatch(message);
      expect(res.body.error).toContain("Only the page of a sent proposal awaiting its answer is measured");
      expect(await storedViews(uuid)).toEqual([]);
    }
  });

  it("answers 404 for a proposal that does not exist, or a path that names none", async () => {
    const unknown = await report(NO_SUCH_ID, { view_id: randomUUID(), blocks: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "not_found" });
    expect((await report("not-a-uuid", { view_id: randomUUID(), blocks: [] })).status).toBe(404);
  });

  it("takes the body as sendBeacon sends it: a JSON Blob, with the page's Origin", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const json = JSON.stringify({ view_id: randomUUID(), blocks: seconds([[blocks[2], 15]]) });
    const res = await fetch(`${server.url}/api/public/proposals/${uuid}/engagement`, {
      method: "POST",
      headers: { origin: server.url, "sec-fetch-site": "same-origin", "user-agent": IPHONE },
      body: new Blob([json], { type: "application/json" }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    expect((await storedViews(uuid)).map((v) => [v.blocks, v.device])).toEqual([[{ [blocks[2]]: 15 }, "phone"]]);
  });

  it("never counts a preview: a signed-in member of the proposal's company is answered alike and stores nothing; anyone else signed in counts", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const colleague = await seedUser();
    await joinCompany(colleague, seller.company.id);
    const body = () => ({ view_id: randomUUID(), blocks: seconds([[blocks[0], 20]]) });
    for (const member of [seller, colleague]) {
      const preview = await (await signedInClient(`${server.url}/api/public`, member.user)).post(`/proposals/${uuid}/engagement`, body());
      expectAccepted(preview);
    }
    expect(await storedViews(uuid)).toEqual([]);

    // A member of another company is a reader like any other; so is a member whose session has ended.
    const outsider = await seedCompanyMember(server);
    expectAccepted(await (await signedInClient(`${server.url}/api/public`, outsider.user)).post(`/proposals/${uuid}/engagement`, body()));
    const ended = await signedInClient(`${server.url}/api/public`, { ...seller.user, sessionVersion: seller.user.sessionVersion + 1 });
    expectAccepted(await ended.post(`/proposals/${uuid}/engagement`, body()));
    expect(await storedViews(uuid)).toHaveLength(2);
  });

  it("has a budget per client address: past it 429 in the app's shape with Retry-After, stored nothing; another address is answered", async () => {
    vi.stubEnv("TRUST_PROXY", "2");
    vi.stubEnv("PUBLIC_ENGAGEMENT_PER_ADDRESS", "3");
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller);
    const reader = { "x-forwarded-for": anAddress() };
    for (let i = 1; i <= 3; i++) {
      expectAccepted(await report(uuid, { view_id: randomUUID(), blocks: seconds([[blocks[0], i]]) }, reader));
    }
    const refused = await report(uuid, { view_id: randomUUID(), blocks: seconds([[blocks[0], 4]]) }, reader);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/Too many requests/), code: "rate_limited" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Counted before anything is read: an unknown proposal is refused alike.
    expect((await report(NO_SUCH_ID, { view_id: randomUUID(), blocks: [] }, reader)).status).toBe(429);
    expect(await storedViews(uuid)).toHaveLength(3);

    expectAccepted(await report(uuid, { view_id: randomUUID(), blocks: [] }, { "x-forwarded-for": anAddress() }));
  });
});

describe("[ENGAGEMENT] what the company's members read", () => {
  /** Two views of a four-block proposal (b1 30 + 20 s, b2 10 s, b3 3 s, b4 never) and one change of choice. */
  async function readTwice(seller: CompanyMember) {
    const { uuid, blocks } = await sentWithBlocks(seller);
    const [b1, b2, b3] = blocks;
    const first = randomUUID();
    const second = randomUUID();
    expectAccepted(
      await report(uuid, {
        view_id: first,
        blocks: seconds([
          [b1, 30],
          [b2, 10],
          [b3, 3],
        ]),
      }),
    );
    expectAccepted(await report(uuid, { view_id: second, device: "phone", blocks: seconds([[b1, 20]]) }));
    const db = await getDb();
    const firstAt = minutesAgo(30);
    await db.proposalViewEngagement.update({
      where: { proposalId_viewId: { proposalId: uuid, viewId: first } },
      data: { createdAt: firstAt },
    });
    const choice = await publicClient(server).post(`/proposals/${uuid}/choices`, { blocks: [{ uuid: b1, selected: false }] });
    expect(choice.status, JSON.stringify(choice.body)).toBe(200);
    return { uuid, blocks, first, second, firstAt: Math.floor(firstAt.getTime() / 1000) };
  }

  it("answers the views newest first, each block's seconds in the proposal's order, the choices changed, and the score by its formula", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks, first, second, firstAt } = await readTwice(seller);
    const res = await seller.api.get(`/v3/proposals/${uuid}/engagement`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body;
    expect(data.views).toEqual([
      { view_id: second, at: expect.any(Number), seconds: 20, device: "phone" },
      { view_id: first, at: firstAt, seconds: 43, device: "desktop" },
    ]);
    expect(Math.abs(data.views[0].at - Date.now() / 1000)).toBeLessThan(60);
    expect(data.blocks).toEqual([
      { block_uuid: blocks[0], title: "Solar panel", seconds: 50 },
      { block_uuid: blocks[1], title: "Inverter", seconds: 10 },
      { block_uuid: blocks[2], title: "Battery", seconds: 3 },
      { block_uuid: blocks[3], title: "Installation", seconds: 0 },
    ]);
    expect(data.total_seconds).toBe(63);
    // Target 4 × 20 = 80 s: 50 × 63/80 = 39.4 -> 39; 2 of 4 blocks seen 5 s or more: 15; one return visit: 10.
    expect(data.score_parts).toEqual({
      reading_time: { points: 39, seconds: 63, target_seconds: 80 },
      blocks_seen: { points: 15, seen: 2, blocks: 4 },
      return_visits: { points: 10, visits: 1 },
    });
    expect(data.score).toBe(64);
    expect(data.score_formula).toMatch(/reading_time .*blocks_seen .*return_visits/);
    expect(data.choices_changed).toEqual([
      {
        at: expect.any(Number),
        summary: "Solar panel: left out",
        changes: [{ uuid: blocks[0], title: "Solar panel", selected: { from: true, to: false } }],
      },
    ]);
  });

  it("scores within 0..100: nothing read is 0, and no amount of reading passes 100", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await sentWithBlocks(seller, ["Panel", "Inverter"]);
    const unread = (await seller.api.get(`/v3/proposals/${uuid}/engagement`)).body.data;
    expect(unread).toMatchObject({ views: [], total_seconds: 0, score: 0, choices_changed: [] });
    expect(unread.blocks.map((b: { seconds: number }) => b.seconds)).toEqual([0, 0]);
    for (let i = 0; i < 4; i++) {
      expectAccepted(await report(uuid, { view_id: randomUUID(), blocks: seconds(blocks.map((b) => [b, 3600])) }));
    }
    const read = (await seller.api.get(`/v3/proposals/${uuid}/engagement`)).body.data;
    expect(read.score).toBe(100);
    expect(read.score_parts.return_visits).toEqual({ points: 20, visits: 3 });
  });

  it("answers one CSV row per block with ?format=csv or Accept: text/csv", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid, blocks } = await readTwice(seller);
    const expected = [
      "position,block_uuid,title,seconds",
      `1,${blocks[0]},Solar panel,50`,
      `2,${blocks[1]},Inverter,10`,
      `3,${blocks[2]},Battery,3`,
      `4,${blocks[3]},Installation,0`,
    ].join("\r\n");
    for (const [query, headers] of [
      ["?format=csv", {}],
      ["", { accept: "text/csv" }],
    ] as const) {
      const res = await fetch(`${server.url}/api/proposals/v3/proposals/${uuid}/engagement${query}`, {
        headers: { authorization: `Bearer ${seller.key}`, ...headers },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toContain(`proposal-${uuid}-engagement.csv`);
      // A byte-order mark first (spreadsheets then read UTF-8), which text() would drop.
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toBe(`${expected}\r\n`);
    }
    // format=json, or anything else asked, is JSON.
    expect((await seller.api.get(`/v3/proposals/${uuid}/engagement?format=json`)).body.data.total_seconds).toBe(63);
    expect((await seller.api.get(`/v3/proposals/${uuid}/engagement?format=xml`)).status).toBe(400);
  });

  it("is the company's alone: another company's member and an unknown proposal are 404, no key 401", async () => {
    const seller = await seedCompanyMember(server);
    const { uuid } = await readTwice(seller);
    const outsider = await seedCompanyMember(server);
    expectProposalsError(await outsider.api.get(`/v3/proposals/${uuid}/engagement`), 404, "NOT_FOUND");
    expectProposalsError(await seller.api.get(`/v3/proposals/${NO_SUCH_ID}/engagement`), 404, "NOT_FOUND");
    const anonymous = await fetch(`${server.url}/api/proposals/v3/proposals/${uuid}/engagement`);
    expect(anonymous.status).toBe(401);
    // A colleague reads it as the seller does.
    const colleague = await seedUser();
    await joinCompany(colleague, seller.company.id);
    expect((await proposalsClient(server, colleague.key).get(`/v3/proposals/${uuid}/engagement`)).body.data.score).toBe(64);
  });
});
