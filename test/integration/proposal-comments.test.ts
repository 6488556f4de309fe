/**
 * Internal comments on a proposal (issue 41): the company's members start threads on the proposal
 * or on one of its blocks, reply, resolve and reopen them, in the browser or with a key (an agent,
 * named by its key; a key of scope `suggest` too). Anyone else finds no proposal (404) and stores
 * nothing. The threads are the company's alone: never in the proposal's read model, the customer's
 * page, the PDF, the audit trail or a webhook's payload.
 */
import { randomBytes, randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/api-keys";
import { getDb } from "@/lib/db/client";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { signedInClient } from "../accounts";
import { NO_SUCH_ID } from "../expect";
import { seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import { flat, pdfText } from "../pdf-text";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  issuePaths,
  joinCompany,
  minutesAgo,
  proposalsClient,
  proposalsUrl,
  publicClient,
  readProposal,
  seedCompanyMember,
  seedPricedItem,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Opens the file's database (migrations) before the first test's clock starts.
  await seedCompanyMember(server);
});
afterAll(() => server.close());

type Client = ReturnType<typeof proposalsClient>;
type Author = { kind: string; name: string };
type Reply = { id: string; body: string; author: Author; created_at: number };
type Thread = {
  id: string;
  proposal_uuid: string;
  block_uuid: string | null;
  body: string;
  status: "open" | "resolved";
  author: Author;
  resolved_at: number | null;
  resolved_by: string | null;
  created_at: number;
  updated_at: number;
  replies: Reply[];
};

const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A UNIX time in seconds, taken during the test (within a minute of now). */
const expectRecentSeconds = (value: number) => {
  expect(Number.isInteger(value), String(value)).toBe(true);
  expect(Math.abs(nowSeconds() - value)).toBeLessThanOrEqual(60);
};
const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

const commentsPath = (uuid: string) => `/v3/proposals/${uuid}/comments`;
const threadPath = (uuid: string, commentId: string) => `${commentsPath(uuid)}/${commentId}`;
const repliesPath = (uuid: string, commentId: string) => `${threadPath(uuid, commentId)}/replies`;

async function listThreads(api: Client, uuid: string): Promise<Thread[]> {
  const res = await api.get(commentsPath(uuid));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function addThread(api: Client, uuid: string, body: Record<string, unknown>): Promise<Thread> {
  const res = await api.post(commentsPath(uuid), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function reply(api: Client, uuid: string, commentId: string, body: string): Promise<Reply> {
  const res = await api.post(repliesPath(uuid, commentId), { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function setStatus(api: Client, uuid: string, commentId: string, status: "open" | "resolved"): Promise<Thread> {
  const res = await api.patch(threadPath(uuid, commentId), { status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** What is stored of a proposal's threads: their rows and their replies' rows, straight from the database. */
async function stored(uuid: string) {
  const db = await getDb();
  const threads = await db.proposalComment.findMany({ where: { proposalId: uuid }, orderBy: { id: "asc" } });
  const replies = await db.proposalCommentReply.findMany({ where: { comment: { proposalId: uuid } }, orderBy: { id: "asc" } });
  return { threads, replies };
}

/** Makes a thread look started (and last changed) `minutes` ago, so an order has one answer; answers that time in UNIX seconds. */
async function backdateThread(id: string, minutes: number) {
  const db = await getDb();
  const at = minutesAgo(minutes);
  await db.proposalComment.update({ where: { id }, data: { createdAt: at, updatedAt: at } });
  return Math.floor(at.getTime() / 1000);
}

async function backdateReply(id: string, minutes: number) {
  const db = await getDb();
  await db.proposalCommentReply.update({ where: { id }, data: { createdAt: minutesAgo(minutes) } });
}

/** A company's draft with two blocks; answers its uuid and its blocks' uuids. */
async function draftWithBlocks(owner: CompanyMember, title = "Offer") {
  const [a, b] = await Promise.all([
    seedPricedItem({ companyId: owner.company.id, title: { en: "Solar panel" } }),
    seedPricedItem({ companyId: owner.company.id, title: { en: "Inverter" } }),
  ]);
  const uuid = await createDraft(owner, { title_md: title, blocks: [{ content_id: a.variationId }, { content_id: b.variationId }] });
  const blocks = ((await readProposal(owner.api, uuid)).blocks as { uuid: string }[]).map((block) => block.uuid);
  return { uuid, blocks, items: [a, b] };
}

/** A member of the owner's company (added to it), with a client speaking with their key. */
async function colleagueOf(owner: CompanyMember) {
  const colleague = await seedUser();
  await joinCompany(colleague, owner.company.id);
  return { ...colleague, api: proposalsClient(server, colleague.key) };
}

/** A key of the user's of scope `suggest`, with a proposals client speaking with it. */
async function suggestKeyOf(user: { user: { id: string } }, name = "Reviewing agent") {
  const made = await createApiKey(await getDb(), { userId: user.user.id, name, scope: "suggest" });
  return { name, api: proposalsClient(server, made.key) };
}

describe("[PROPOSAL COMMENTS] threads", () => {
  it("a member in the browser starts a thread on the proposal: open, named, UNIX times, no replies; the list shows it", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    expect(await listThreads(ann.api, uuid)).toEqual([]);
    const browser = await signedInClient(proposalsUrl(server), ann.user);
    const res = await browser.post(commentsPath(uuid), { body: "  Is the margin on the panels right?  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const thread: Thread = res.body.data;
    expect(res.body).toEqual({
      data: {
        id: UUID,
        proposal_uuid: uuid,
        block_uuid: null,
        body: "Is the margin on the panels right?",
        status: "open",
        author: { kind: "member", name: ann.user.name },
        resolved_at: null,
        resolved_by: null,
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
        replies: [],
      },
    });
    expectRecentSeconds(thread.created_at);
    expectRecentSeconds(thread.updated_at);
    expect(await listThreads(ann.api, uuid)).toEqual([thread]);
    // Every member of the company reads it, in the browser or with a key.
    const colleague = await colleagueOf(ann);
    expect(await listThreads(colleague.api, uuid)).toEqual([thread]);
    expect((await browser.get(commentsPath(uuid))).body).toEqual({ data: [thread] });
  });

  it("made with an API key, the author is the agent, named by its key", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Checked by the agent" });
    expect(thread.author).toEqual({ kind: "agent", name: "test key" });
    const named = await createApiKey(await getDb(), { userId: ann.user.id, name: "CRM sync" });
    const other = await addThread(proposalsClient(server, named.key), uuid, { body: "From the CRM" });
    expect(other.author).toEqual({ kind: "agent", name: "CRM sync" });
    const answer = await reply(proposalsClient(server, named.key), uuid, thread.id, "Agreed");
    expect(answer.author).toEqual({ kind: "agent", name: "CRM sync" });
    expect((await stored(uuid)).threads.every((t) => t.authorUserId === ann.user.id)).toBe(true);
  });

  it("starts threads on the proposal's blocks, each naming its block; the list is oldest first, whatever the order of writing", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid, blocks } = await draftWithBlocks(ann);
    const onSecond = await addThread(ann.api, uuid, { body: "Is this the right inverter?", block_uuid: blocks[1] });
    const onFirst = await addThread(ann.api, uuid, { body: "Panels: 12 or 14?", block_uuid: blocks[0] });
    const whole = await addThread(ann.api, uuid, { body: "Send before Friday" });
    expect(onSecond).toMatchObject({ block_uuid: blocks[1], proposal_uuid: uuid, status: "open" });
    expect(onFirst.block_uuid).toBe(blocks[0]);
    expect(whole.block_uuid).toBeNull();
    // Started in another order than written: the list follows when they were started.
    const started = await backdateThread(whole.id, 30);
    await backdateThread(onFirst.id, 20);
    await backdateThread(onSecond.id, 10);
    const listed = await listThreads(ann.api, uuid);
    expect(listed.map((t) => t.id)).toEqual([whole.id, onFirst.id, onSecond.id]);
    expect(listed.map((t) => t.block_uuid)).toEqual([null, blocks[0], blocks[1]]);
    expect(listed[0].created_at).toBe(started);
    // The proposal itself is as it was: a comment is no edit.
    expect((await readProposal(ann.api, uuid)).blocks.map((b: { uuid: string }) => b.uuid)).toEqual(blocks);
  });

  it("lists only the proposal's own threads: another proposal's, even of the same company, are not among them", async () => {
    const ann = await seedCompanyMember(server);
    const first = await draftWithBlocks(ann, "First");
    const second = await draftWithBlocks(ann, "Second");
    const mine = await addThread(ann.api, first.uuid, { body: "On the first" });
    await addThread(ann.api, second.uuid, { body: "On the second" });
    expect((await listThreads(ann.api, first.uuid)).map((t) => t.id)).toEqual([mine.id]);
  });

  it("comments on a sent, an archived and an accepted proposal alike: the thread is the staff's, whatever the customer did", async () => {
    const ann = await seedCompanyMember(server);
    const sent = await createSentProposal(ann);
    const archived = await createSentProposal(ann);
    expect((await ann.api.post(`/v3/proposals/${archived}/archive`)).status).toBe(200);
    const accepted = await createSentProposal(ann);
    const answer = await publicClient(server).post(`/proposals/${accepted}/accept`, { name: "Rita Recipient", consent: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const uuid of [sent, archived, accepted]) {
      const thread = await addThread(ann.api, uuid, { body: "Follow up by phone" });
      await reply(ann.api, uuid, thread.id, "Called them");
      expect((await setStatus(ann.api, uuid, thread.id, "resolved")).status).toBe("resolved");
    }
  });
});

describe("[PROPOSAL COMMENTS] replies", () => {
  it("replies in a thread, oldest first, each with its author; a reply marks the thread changed", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Discount too high?" });
    const started = await backdateThread(thread.id, 60);
    const colleague = await colleagueOf(ann);
    const browser = await signedInClient(proposalsUrl(server), colleague.user);
    const res = await browser.post(repliesPath(uuid, thread.id), { body: "  No, it is the usual 10 %  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const first: Reply = res.body.data;
    expect(res.body).toEqual({
      data: {
        id: UUID,
        body: "No, it is the usual 10 %",
        author: { kind: "member", name: colleague.user.name },
        created_at: expect.any(Number),
      },
    });
    expectRecentSeconds(first.created_at);
    const second = await reply(ann.api, uuid, thread.id, "Fine then");
    expect(second.author).toEqual({ kind: "agent", name: "test key" });
    // Written in the same millisecond or not, the later one is later.
    await backdateReply(first.id, 2);
    await backdateReply(second.id, 1);

    const [listed] = await listThreads(ann.api, uuid);
    expect(listed.replies.map((r) => [r.id, r.body])).toEqual([
      [first.id, "No, it is the usual 10 %"],
      [second.id, "Fine then"],
    ]);
    // As answered when written, but for the time the test moved back.
    expect(listed.replies[1]).toEqual({ ...second, created_at: expect.any(Number) });
    // The thread was started an hour ago and last changed by the replies.
    expect(listed.created_at).toBe(started);
    expectRecentSeconds(listed.updated_at);
    expect(listed.updated_at).toBeGreaterThan(listed.created_at);
    expect(listed.status).toBe("open");
  });

  it("a reply to a resolved thread is taken and leaves it resolved", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Done?" });
    await setStatus(ann.api, uuid, thread.id, "resolved");
    await reply(ann.api, uuid, thread.id, "One more thing");
    const [listed] = await listThreads(ann.api, uuid);
    expect(listed).toMatchObject({ status: "resolved", replies: [expect.objectContaining({ body: "One more thing" })] });
  });

  it("a thread of another proposal, even of the same company, or none at all is not found (404) through this proposal, storing nothing", async () => {
    const ann = await seedCompanyMember(server);
    const first = await draftWithBlocks(ann, "First");
    const second = await draftWithBlocks(ann, "Second");
    const elsewhere = await addThread(ann.api, second.uuid, { body: "On the second" });
    const bob = await seedCompanyMember(server);
    const bobs = await draftWithBlocks(bob);
    const bobsThread = await addThread(bob.api, bobs.uuid, { body: "Bob's" });
    for (const commentId of [elsewhere.id, bobsThread.id, NO_SUCH_ID]) {
      expectProposalsError(await ann.api.post(repliesPath(first.uuid, commentId), { body: "Hello" }), 404, "NOT_FOUND");
      expectProposalsError(await ann.api.patch(threadPath(first.uuid, commentId), { status: "resolved" }), 404, "NOT_FOUND");
    }
    // A path id of no uuid's shape names nothing either.
    expectProposalsError(await ann.api.post(repliesPath(first.uuid, "not-a-uuid"), { body: "Hello" }), 404, "NOT_FOUND");
    expectProposalsError(await ann.api.patch(threadPath(first.uuid, "12"), { status: "resolved" }), 404, "NOT_FOUND");
    expect((await stored(second.uuid)).replies).toEqual([]);
    expect((await stored(second.uuid)).threads.map((t) => t.status)).toEqual(["open"]);
    expect((await stored(bobs.uuid)).replies).toEqual([]);
    expect((await stored(bobs.uuid)).threads.map((t) => t.status)).toEqual(["open"]);
  });
});

describe("[PROPOSAL COMMENTS] resolving and reopening", () => {
  it("resolving records when and by whom; reopening clears both; the list shows each state", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid, blocks } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Price the cabling separately", block_uuid: blocks[0] });
    await reply(ann.api, uuid, thread.id, "Done");
    const colleague = await colleagueOf(ann);
    const browser = await signedInClient(proposalsUrl(server), colleague.user);

    const res = await browser.patch(threadPath(uuid, thread.id), { status: "resolved" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const resolved: Thread = res.body.data;
    expect(resolved).toMatchObject({
      id: thread.id,
      block_uuid: blocks[0],
      body: "Price the cabling separately",
      status: "resolved",
      resolved_by: colleague.user.name,
      author: { kind: "agent", name: "test key" },
      replies: [expect.objectContaining({ body: "Done" })],
    });
    expectRecentSeconds(resolved.resolved_at!);
    expect(await listThreads(ann.api, uuid)).toEqual([resolved]);

    const reopened = await setStatus(ann.api, uuid, thread.id, "open");
    expect(reopened).toMatchObject({ id: thread.id, status: "open", resolved_at: null, resolved_by: null });
    expect(reopened.replies).toHaveLength(1);
    expect((await listThreads(ann.api, uuid))[0]).toEqual(reopened);

    // Resolved with a key, the key's name is who resolved it.
    expect(await setStatus(ann.api, uuid, thread.id, "resolved")).toMatchObject({ status: "resolved", resolved_by: "test key" });
    const row = (await stored(uuid)).threads[0];
    expect(row).toMatchObject({ status: "resolved", resolvedByName: "test key" });
    expect(row.resolvedAt).toBeInstanceOf(Date);
  });

  it("reopening an open thread keeps it open; resolving a resolved one keeps it resolved", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Twice" });
    expect(await setStatus(ann.api, uuid, thread.id, "open")).toMatchObject({ status: "open", resolved_at: null, resolved_by: null });
    await setStatus(ann.api, uuid, thread.id, "resolved");
    expect(await setStatus(ann.api, uuid, thread.id, "resolved")).toMatchObject({ status: "resolved", resolved_by: "test key" });
  });
});

describe("[PROPOSAL COMMENTS] a key of scope suggest", () => {
  it("lists, starts, replies, resolves and reopens, as its user and named by the key", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid, blocks } = await draftWithBlocks(ann);
    const agent = await suggestKeyOf(ann, "Reviewing agent");
    const thread = await addThread(agent.api, uuid, { body: "The tax rate looks wrong", block_uuid: blocks[1] });
    expect(thread.author).toEqual({ kind: "agent", name: "Reviewing agent" });
    expect((await reply(agent.api, uuid, thread.id, "Checked again")).author).toEqual({ kind: "agent", name: "Reviewing agent" });
    expect(await setStatus(agent.api, uuid, thread.id, "resolved")).toMatchObject({ status: "resolved", resolved_by: "Reviewing agent" });
    expect(await setStatus(agent.api, uuid, thread.id, "open")).toMatchObject({ status: "open", resolved_by: null });
    expect((await listThreads(agent.api, uuid)).map((t) => t.id)).toEqual([thread.id]);
    // The proposal itself stays closed to it.
    const refused = await agent.api.patch(`/v3/proposals/${uuid}`, { company_id: ann.company.id, title_md: "Renamed" });
    expectProposalsError(refused, 403, "FORBIDDEN_SCOPE");
  });

  it("of a user of another company finds no proposal (404)", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const bob = await seedCompanyMember(server);
    const agent = await suggestKeyOf(bob);
    expectProposalsError(await agent.api.get(commentsPath(uuid)), 404, "NOT_FOUND");
    expectProposalsError(await agent.api.post(commentsPath(uuid), { body: "Hi" }), 404, "NOT_FOUND");
    expect((await stored(uuid)).threads).toEqual([]);
  });
});

describe("[PROPOSAL COMMENTS] validation", () => {
  it("takes a comment of 10,000 characters and refuses an empty, a blank, a missing, a non-text, a longer and a 100 KB one with 400, storing nothing of them", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const invalid = [
      { body: "" },
      { body: "   " },
      {},
      { body: 42 },
      { body: null },
      { body: "x".repeat(10_001) },
      { body: "x".repeat(100 * 1024) },
    ];
    for (const body of invalid) {
      const res = await ann.api.post(commentsPath(uuid), body);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(body).slice(0, 60)).toEqual(["body"]);
    }
    expect(await stored(uuid)).toEqual({ threads: [], replies: [] });

    const longest = await addThread(ann.api, uuid, { body: "y".repeat(10_000) });
    expect(longest.body).toHaveLength(10_000);
    const before = await stored(uuid);
    for (const body of invalid) {
      const res = await ann.api.post(repliesPath(uuid, longest.id), body);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res)).toEqual(["body"]);
    }
    expect((await reply(ann.api, uuid, longest.id, "z".repeat(10_000))).body).toHaveLength(10_000);
    const after = await stored(uuid);
    expect(after.replies).toHaveLength(1);
    // Refused replies left the thread untouched (the one taken reply changed it).
    expect(before.threads[0].updatedAt.getTime()).toBeLessThanOrEqual(after.threads[0].updatedAt.getTime());
  });

  it("refuses a block_uuid that is no block of this proposal (another proposal's, made up, empty, too long, not text) with 400 naming block_uuid, storing nothing", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid, blocks, items } = await draftWithBlocks(ann);
    const other = await draftWithBlocks(ann, "Other");
    const bob = await seedCompanyMember(server);
    const bobs = await draftWithBlocks(bob);
    for (const blockUuid of [
      other.blocks[0],
      bobs.blocks[0],
      NO_SUCH_ID,
      "not-a-block",
      "",
      blocks[0].toUpperCase(),
      "b".repeat(65),
      42,
      null,
    ]) {
      const res = await ann.api.post(commentsPath(uuid), { body: "On which block?", block_uuid: blockUuid });
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), String(blockUuid)).toEqual(["block_uuid"]);
    }
    expect(await stored(uuid)).toEqual({ threads: [], replies: [] });
    // A block removed from the draft is no block of it any more; a thread started on it before stays, naming it.
    const before = await addThread(ann.api, uuid, { body: "Drop this one?", block_uuid: blocks[0] });
    const res = await ann.api.patch(`/v3/proposals/${uuid}`, {
      company_id: ann.company.id,
      blocks: [{ uuid: blocks[1], content_id: items[1].variationId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await readProposal(ann.api, uuid)).blocks.map((b: { uuid: string }) => b.uuid)).toEqual([blocks[1]]);
    expect(issuePaths(await ann.api.post(commentsPath(uuid), { body: "Gone?", block_uuid: blocks[0] }))).toEqual(["block_uuid"]);
    expect(await listThreads(ann.api, uuid)).toEqual([before]);
  });

  it("refuses a status other than open or resolved with 400, changing nothing", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Status?" });
    const before = await stored(uuid);
    for (const body of [{ status: "closed" }, { status: "RESOLVED" }, { status: "" }, { status: null }, { status: 1 }, {}]) {
      const res = await ann.api.patch(threadPath(uuid, thread.id), body);
      expectProposalsError(res, 400, "VALIDATION_ERROR");
      expect(issuePaths(res), JSON.stringify(body)).toEqual(["status"]);
    }
    expect(await stored(uuid)).toEqual(before);
  });

  it("refuses a body that is no JSON object with 400, storing nothing", async () => {
    const ann = await seedCompanyMember(server);
    const { uuid } = await draftWithBlocks(ann);
    for (const raw of ["{", "[]", '"text"', "null"]) {
      expectProposalsError(await ann.api.post(commentsPath(uuid), raw), 400, "VALIDATION_ERROR");
    }
    expect(await stored(uuid)).toEqual({ threads: [], replies: [] });
  });
});

describe("[PROPOSAL COMMENTS] who may", () => {
  /** A proposal with a thread and a reply, and every way to touch them. */
  async function proposalWithThread() {
    const ann = await seedCompanyMember(server);
    const { uuid, blocks } = await draftWithBlocks(ann);
    const thread = await addThread(ann.api, uuid, { body: "Ann's", block_uuid: blocks[0] });
    await reply(ann.api, uuid, thread.id, "Ann's reply");
    const calls = (api: Client) => [
      api.get(commentsPath(uuid)),
      api.post(commentsPath(uuid), { body: "Not mine to say" }),
      api.post(commentsPath(uuid), { body: "Not mine to say", block_uuid: blocks[0] }),
      api.post(repliesPath(uuid, thread.id), { body: "Not mine to say" }),
      api.patch(threadPath(uuid, thread.id), { status: "resolved" }),
      // Even an invalid body: the proposal is found (or not) before the body is read.
      api.post(commentsPath(uuid), { body: "" }),
      api.patch(threadPath(uuid, thread.id), { status: "closed" }),
    ];
    return { ann, uuid, thread, calls };
  }

  it("another company's member, a user of no company and a disabled member find no proposal (404) on all four, and nothing is stored", async () => {
    const { ann, uuid, calls } = await proposalWithThread();
    const before = await stored(uuid);
    const otherCompany = await seedCompanyMember(server);
    const stranger = await seedUser();
    const disabled = await colleagueOf(ann);
    const db = await getDb();
    await db.companyMember.update({
      where: { companyId_userId: { companyId: ann.company.id, userId: disabled.user.id } },
      data: { disabled: true },
    });
    const strangersBrowser = await signedInClient(proposalsUrl(server), stranger.user);
    for (const api of [otherCompany.api, proposalsClient(server, stranger.key), disabled.api, strangersBrowser]) {
      const answers = await Promise.all(calls(api));
      for (const res of answers) {
        expectProposalsError(res, 404, "NOT_FOUND");
        // Nothing of Ann's shows in the refusal.
        expect(JSON.stringify(res.body)).not.toContain("Ann's");
      }
    }
    expect(await stored(uuid)).toEqual(before);
    // A proposal that does not exist is not found either.
    expectProposalsError(await ann.api.get(commentsPath(NO_SUCH_ID)), 404, "NOT_FOUND");
    expectProposalsError(await ann.api.post(commentsPath(NO_SUCH_ID), { body: "Hi" }), 404, "NOT_FOUND");
  });

  it("without a valid key it is 401, and nothing is stored", async () => {
    const { uuid, calls } = await proposalWithThread();
    const before = await stored(uuid);
    for (const api of [proposalsClient(server), proposalsClient(server, "cw_not_a_real_key")]) {
      for (const res of await Promise.all(calls(api))) expectProposalsError(res, 401, "UNAUTHORIZED");
    }
    expect(await stored(uuid)).toEqual(before);
  });

  it("a member who joins later reads the threads and takes part", async () => {
    const { ann, uuid, thread } = await proposalWithThread();
    const colleague = await colleagueOf(ann);
    expect((await listThreads(colleague.api, uuid)).map((t) => t.id)).toEqual([thread.id]);
    await reply(colleague.api, uuid, thread.id, "Seen");
    expect((await setStatus(colleague.api, uuid, thread.id, "resolved")).replies.map((r) => r.body)).toEqual(["Ann's reply", "Seen"]);
  });
});

describe("[PROPOSAL COMMENTS] internal: never shown outside the company", () => {
  it("a comment's text is in no read of the proposal, the customer's page, the PDFs, the audit trail or the webhooks' payloads", async () => {
    const ann = await seedCompanyMember(server, "Solar Sellers AB");
    const webhook = await ann.api.post("/v3/webhooks", {
      company_id: ann.company.id,
      url: "https://93.184.215.14/comments-hook",
      events: [...WEBHOOK_EVENTS],
    });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    const item = await seedPricedItem({ companyId: ann.company.id, title: { en: "Rooftop panel" }, price: 100 });
    const uuid = await createSentProposal(ann, { title_md: "Rooftop offer", blocks: [{ content_id: item.variationId }] });
    const blockUuid = (await readProposal(ann.api, uuid)).blocks[0].uuid as string;
    const db = await getDb();
    const deliveries = () => db.webhookDelivery.findMany({ where: { endpointId: webhook.body.data.id }, orderBy: { id: "asc" } });
    const eventsOf = async () => {
      const res = await ann.api.get(`/v3/proposals/${uuid}/events`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { type: string }[];
    };
    const readBefore = await ann.api.get(`/v3/proposals/${uuid}`);
    const listBefore = await ann.api.get(`/v3/proposals?company_id=${ann.company.id}`);
    const [eventsBefore, deliveriesBefore] = [await eventsOf(), await deliveries()];

    // Every kind of text: a thread on the proposal, one on its block, a reply, with a key and in the browser; one resolved.
    const secret = `internal-${randomBytes(6).toString("hex")}`;
    const browser = await signedInClient(proposalsUrl(server), ann.user);
    const whole = await addThread(ann.api, uuid, { body: `Margin is thin ${secret}-thread` });
    const onBlock = (await browser.post(commentsPath(uuid), { body: `Cheaper supplier ${secret}-block`, block_uuid: blockUuid })).body
      .data as Thread;
    await reply(ann.api, uuid, whole.id, `Agreed ${secret}-reply`);
    await setStatus(ann.api, uuid, onBlock.id, "resolved");
    expect(JSON.stringify(await listThreads(ann.api, uuid))).toContain(`${secret}-reply`);

    // The staff's reads of the proposal are as they were: comments are no change to it.
    const readAfter = await ann.api.get(`/v3/proposals/${uuid}`);
    expect(readAfter.body).toEqual(readBefore.body);
    expect(JSON.stringify(readAfter.body)).not.toContain(secret);
    const listAfter = await ann.api.get(`/v3/proposals?company_id=${ann.company.id}`);
    expect(listAfter.body).toEqual(listBefore.body);
    // Nothing was recorded or sent for them.
    expect(await eventsOf()).toEqual(eventsBefore);
    expect(await deliveries()).toEqual(deliveriesBefore);

    // The customer's page reads the sent proposal without them, and its PDF, from either side, shows none.
    const page = await getPublicProposal(db, uuid, { viewer: null, address: anAddress() });
    expect(page.proposal.title).toBe("Rooftop offer");
    expect(JSON.stringify(page)).not.toContain(secret);
    const pdfOf = async (path: string, key?: string) => {
      const res = await fetch(`${server.url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const { pages, info } = await pdfText(new Uint8Array(await res.arrayBuffer()));
      return flat(pages.join("\n")) + JSON.stringify(info);
    };
    for (const text of [await pdfOf(`/api/proposals/v3/proposals/${uuid}/pdf`, ann.key), await pdfOf(`/p/${uuid}/pdf`)]) {
      expect(text).toContain("Rooftop offer");
      expect(text).toContain("Rooftop panel");
      expect(text).not.toContain(secret);
      expect(text).not.toContain("Margin is thin");
    }

    // Accepted: the frozen record, its PDF, the trail and every event's payload leave them out too.
    const accepted = await publicClient(server).post(`/proposals/${uuid}/accept`, { name: "Rita Recipient", consent: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const record = await db.proposalAcceptance.findUniqueOrThrow({ where: { proposalId: uuid } });
    expect(JSON.stringify({ ...record, pdf: null })).not.toContain(secret);
    const acceptedPdf = await pdfOf(`/p/${uuid}/pdf`);
    expect(acceptedPdf).toContain("Acceptance certificate");
    expect(acceptedPdf).not.toContain(secret);
    const trail = await eventsOf();
    expect(trail.map((e) => e.type)).toEqual([...eventsBefore.map((e) => e.type), "viewed", "accepted"]);
    expect(JSON.stringify(trail)).not.toContain(secret);
    const sentOut = await deliveries();
    expect(sentOut.map((d) => d.type)).toEqual([...deliveriesBefore.map((d) => d.type), "proposal.viewed", "proposal.accepted"]);
    expect(JSON.stringify(sentOut.map((d) => d.payload))).not.toContain(secret);
    expect(JSON.stringify((await ann.api.get(`/v3/proposals/${uuid}`)).body)).not.toContain(secret);
    // And still the company's: the threads outlive the answer.
    expect((await listThreads(ann.api, uuid)).map((t) => t.id).sort()).toEqual([whole.id, onBlock.id].sort());
  });
});
