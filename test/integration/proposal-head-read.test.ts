import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { getProposalHeadOrThrow, proposalHead, proposalHeadFor } from "@/lib/proposals/proposals/get-proposal";
import { callerOf, seedUser } from "../factories";
import { startTestServer, type TestServer } from "../http-server";
import {
  createDraft,
  createSentProposal,
  expectProposalsError,
  joinCompany,
  proposalsClient,
  seedCompanyMember,
  seedPricedItem,
  type CompanyMember,
} from "../proposals-factories";

// A proposal write with an API key reads the proposal's head (company, status, attachments) and
// the caller's membership in the key lookup's statement (`proposalHeadFor`); a session or an agent
// tool reads it with getProposalHeadOrThrow. The two must refuse and allow the same callers.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Person = { user: { id: string; name: string; email: string }; apiKeyId: string };
type Outcome = "404" | "401" | { companyId: number; status: string; attachments: unknown };

const outcomeOf = async (read: () => Promise<Outcome>): Promise<Outcome> => {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return "404";
    if (error instanceof AppError && error.code === "unauthorized") return "401";
    throw error;
  }
};

async function bySql(person: Person, uuid: string): Promise<Outcome> {
  const db = await getDb();
  const [row] = await db.$queryRaw<{ read: string | null }[]>`
    SELECT (${proposalHeadFor(uuid, Prisma.sql`${person.user.id}::uuid`)})::text AS read`;
  return outcomeOf(() => proposalHead({ db, caller: callerOf(person), prefetched: row.read }, uuid));
}

async function byLoader(person: Person, uuid: string): Promise<Outcome> {
  const db = await getDb();
  return outcomeOf(() => getProposalHeadOrThrow({ tx: db, caller: callerOf(person), uuid }));
}

it("[ACCESS] the key lookup's proposal read allows and refuses exactly what getProposalHeadOrThrow does, for every caller and proposal", async () => {
  const owner = await seedCompanyMember(server);
  const colleague = await seedUser();
  await joinCompany(colleague, owner.company.id);
  const disabled = await seedUser();
  await joinCompany(disabled, owner.company.id);
  const db = await getDb();
  await db.$executeRaw`UPDATE company_members SET disabled = true WHERE user_id = ${disabled.user.id}::uuid`;
  const outsider = await seedCompanyMember(server);

  const draft = await createDraft(owner);
  // A stored attachment list, to see it come through both reads alike.
  const attachments = [{ id: 7, name: "terms.pdf", mime_type: "application/pdf", url: "https://files.example/terms.pdf" }];
  await db.$executeRaw`UPDATE proposals SET attachments = ${JSON.stringify(attachments)}::jsonb WHERE id = ${draft}::uuid`;
  const proposals: [string, string][] = [
    ["draft", draft],
    ["sent", await createSentProposal(owner)],
    ["template", await createDraft(owner)],
    ["other company's", await createDraft(outsider)],
    ["unknown", randomUUID()],
  ];
  await db.$executeRaw`UPDATE proposals SET status = 'template' WHERE id = ${proposals[2][1]}::uuid`;

  const people: [string, Person][] = [
    ["owner", owner],
    ["member", colleague],
    ["disabled member", disabled],
    ["other company's owner", outsider],
  ];
  const seen: Record<string, string> = {};
  for (const [who, person] of people) {
    for (const [what, uuid] of proposals) {
      const expected = await byLoader(person, uuid);
      expect(await bySql(person, uuid), `${who}, ${what}`).toEqual(expected);
      seen[`${who}, ${what}`] = typeof expected === "string" ? expected : expected.status;
    }
  }
  // Not trivially equal: the company's active members read its proposals, everyone else is refused.
  expect(seen).toEqual({
    "owner, draft": "draft",
    "owner, sent": "active",
    "owner, template": "template",
    "owner, other company's": "401",
    "owner, unknown": "404",
    "member, draft": "draft",
    "member, sent": "active",
    "member, template": "template",
    "member, other company's": "401",
    "member, unknown": "404",
    "disabled member, draft": "401",
    "disabled member, sent": "401",
    "disabled member, template": "401",
    "disabled member, other company's": "401",
    "disabled member, unknown": "404",
    "other company's owner, draft": "401",
    "other company's owner, sent": "401",
    "other company's owner, template": "401",
    "other company's owner, other company's": "draft",
    "other company's owner, unknown": "404",
  });
  expect(await bySql(owner, draft)).toEqual({ companyId: owner.company.id, status: "draft", attachments });
});

/** The audit events recorded for a proposal's PATCHes. */
const patchEvents = async (uuid: string) =>
  (await getDb()).auditEvent.findMany({
    where: { operation: "update_proposal", targetId: uuid },
    select: { actorUserId: true, via: true },
  });

it("[ACCESS] with a key, a PATCH by someone outside the company is 401, of an unknown proposal 404, and neither changes or records anything", async () => {
  const owner: CompanyMember = await seedCompanyMember(server);
  const outsider = await seedCompanyMember(server);
  const disabled = await seedUser();
  await joinCompany(disabled, owner.company.id);
  await (
    await getDb()
  ).$executeRaw`UPDATE company_members SET disabled = true WHERE user_id = ${disabled.user.id}::uuid`;
  const item = await seedPricedItem({ companyId: owner.company.id, price: 40 });
  const uuid = await createDraft(owner, { blocks: [{ content_id: item.variationId, quantity: 1 }] });
  const before = (await owner.api.get(`/v3/proposals/${uuid}`)).body.data;
  const body = { company_id: owner.company.id, blocks: [{ content_id: item.variationId, quantity: 9 }] };

  for (const api of [outsider.api, proposalsClient(server, disabled.key)]) {
    expectProposalsError(await api.patch(`/v3/proposals/${uuid}`, body), 401, "UNAUTHORIZED");
  }
  expectProposalsError(await owner.api.patch(`/v3/proposals/${randomUUID()}`, body), 404, "NOT_FOUND");
  // An invalid block list is refused after the head is read, and changes nothing either.
  const invalid = await owner.api.patch(`/v3/proposals/${uuid}`, { company_id: owner.company.id, blocks: [{ content_id: 999999999 }] });
  expectProposalsError(invalid, 400, "VALIDATION_ERROR");
  expect((await owner.api.get(`/v3/proposals/${uuid}`)).body.data).toEqual(before);
  expect(await patchEvents(uuid)).toEqual([]);

  // The company's own key: saved, answered as saved, recorded once, by the key's owner.
  const saved = await owner.api.patch(`/v3/proposals/${uuid}`, body);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data.blocks.map((b: { quantity: number }) => b.quantity)).toEqual([9]);
  expect(saved.body.data.value_without_tax).toBe(360);
  expect((await owner.api.get(`/v3/proposals/${uuid}`)).body.data).toEqual(saved.body.data);
  expect(await patchEvents(uuid)).toEqual([{ actorUserId: owner.user.id, via: "api" }]);

  // A sent proposal is not edited in place: 409, nothing recorded.
  const sent = await createSentProposal(owner);
  expectProposalsError(await owner.api.patch(`/v3/proposals/${sent}`, body), 409, "NOT_EDITABLE");
  expect(await patchEvents(sent)).toEqual([]);
});
