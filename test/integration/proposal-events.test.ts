/**
 * A proposal's audit trail, GET /v3/proposals/{uuid}/events: each step with its time and actor,
 * written in the step's own transaction, readable by the company's members and keys only.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { listProposalEvents } from "@/lib/proposals/events/list-events";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  expectProposalsError,
  publicClient,
  seedCompanyMember,
  seedContact,
  type CompanyMember,
} from "../proposals-factories";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedCompanyMember(server);
});
afterAll(() => server.close());

const anAddress = () => `2001:db8::${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
const view = async (uuid: string) => getPublicProposal(await getDb(), uuid, { viewer: null, address: anAddress() });

async function events(who: CompanyMember, uuid: string) {
  const res = await who.api.get(`/v3/proposals/${uuid}/events`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { type: string; created_at: number; actor: { kind: string; name: string }; detail: Record<string, unknown> }[];
}

describe("[EVENTS] GET /v3/proposals/{uuid}/events", () => {
  it("records created, sent (to whom), each view and the recipient's acceptance, oldest first, with actors", async () => {
    const ann = await seedCompanyMember(server);
    const contact = await seedContact(ann.company.id);
    const before = Math.floor(Date.now() / 1000);
    const uuid = await createDraft(ann, { recipient: { id: contact.id } });
    expect((await ann.api.post(`/v3/proposals/${uuid}/send`)).status).toBe(200);
    await view(uuid);
    await view(uuid);
    const accepted = await publicClient(server).post(`/proposals/${uuid}/accept`, { name: "Rita Recipient", consent: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const trail = await events(ann, uuid);
    expect(trail.map((e) => e.type)).toEqual(["created", "sent", "viewed", "viewed", "accepted"]);
    // The test's key is an agent, named by the key.
    expect(trail[0].actor.kind).toBe("agent");
    expect(trail[0].actor.name).not.toBe("");
    expect(trail[0].detail).toEqual({ version: 1 });
    expect(trail[1].detail).toMatchObject({ to: contact.email });
    expect(trail[2].actor.kind).toBe("recipient");
    expect(trail[4].actor).toEqual({ kind: "recipient", name: "Rita Recipient" });
    for (const e of trail) expect(e.created_at).toBeGreaterThanOrEqual(before);
  });

  it("records a withdrawal by its member and a new version's creation with the version it came from", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createDraft(ann);
    await ann.api.post(`/v3/proposals/${uuid}/send`);
    const next = await ann.api.post(`/v3/proposals/${uuid}`, { company_id: ann.company.id, language: "en" });
    expect(next.status).toBe(200);
    expect((await ann.api.post(`/v3/proposals/${uuid}/withdraw`)).status).toBe(200);
    expect((await events(ann, uuid)).map((e) => e.type)).toEqual(["created", "sent", "withdrawn"]);
    const draft = await events(ann, next.body.proposal.uuid);
    expect(draft).toHaveLength(1);
    expect(draft[0]).toMatchObject({ type: "created", detail: { version: 2, from_version: 1 } });
  });

  it("keeps members' names and the detail of what staff did from the recipient's copy", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createDraft(ann);
    await ann.api.post(`/v3/proposals/${uuid}/send`);
    await view(uuid);
    const forRecipient = await listProposalEvents(await getDb(), uuid, { forRecipient: true });
    expect(forRecipient.map((e) => e.type)).toEqual(["created", "sent", "viewed"]);
    expect(forRecipient[0].actor).toEqual({ kind: "member", name: "" });
    expect(forRecipient[1].detail).toEqual({});
  });

  it("a rolled-back action leaves no event: a refused send records nothing", async () => {
    const ann = await seedCompanyMember(server);
    const uuid = await createDraft(ann);
    await ann.api.post(`/v3/proposals/${uuid}/send`);
    expectProposalsError(await ann.api.post(`/v3/proposals/${uuid}/send`), 409, "NOT_EDITABLE");
    expect((await events(ann, uuid)).map((e) => e.type)).toEqual(["created", "sent"]);
  });

  it("another company's member or key gets 404, as for the proposal itself", async () => {
    const ann = await seedCompanyMember(server);
    const bob = await seedCompanyMember(server);
    const uuid = await createDraft(ann);
    expectProposalsError(await bob.api.get(`/v3/proposals/${uuid}/events`), 404, "NOT_FOUND");
  });
});
